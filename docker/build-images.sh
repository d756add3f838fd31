#!/usr/bin/env bash
# Builds brokerbench's broker images with no image registry:
#   brokerbench/debian:bookworm   Debian minbase from debootstrap + docker import (apt mirror only)
#   brokerbench/jre:17            + Debian's OpenJDK 17 JRE and libaio
#   brokerbench/BROKER:VERSION    one per broker: the broker bits of broker-dist (Maven Central) or Debian packages
# Each broker image is usable in place of the official one (same ports, data path and environment variables).
# A broker's image is its directory here with a Dockerfile and a recipe (the broker id, its version, whether it
# builds on the JRE or the Debian base, extra context, build arguments). Versions are the parent pom's, read from
# docker/target/pinned.properties; the container runtime derives the same image name from the same property.
# An image already present is kept unless --rebuild is given or what it is built from changed (its directory's
# files, the names and sizes of its extra context's directories, the contents of its extra files: the label
# dev.brokerbench.recipe holds their digest).
#
# Usage: docker/build-images.sh [--rebuild] [BROKER ...]   (default: every broker with a recipe)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
target="$here/target"
base_image=brokerbench/debian:bookworm
jre_image=brokerbench/jre:17

# the brokers with an image recipe: id -> directory
declare -A recipe_dir
known=()
for recipe in "$here"/*/recipe; do
  id="$(sed -n 's/^BROKER=//p' "$recipe")"
  recipe_dir[$id]="$(dirname "$recipe")"
  known+=("$id")
done

rebuild=0
brokers=()
for arg in "$@"; do
  case "$arg" in
    --rebuild) rebuild=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) if [ -n "${recipe_dir[$arg]:-}" ]; then brokers+=("$arg"); else
         echo "build-images.sh: unknown argument '$arg'; allowed: --rebuild, ${known[*]}" >&2; exit 2; fi ;;
  esac
done
[ ${#brokers[@]} -gt 0 ] || brokers=("${known[@]}")

if ! docker info >/dev/null 2>&1; then
  echo "build-images.sh: no Docker engine answers 'docker info'; start dockerd first" >&2
  exit 1
fi

if [ ! -f "$target/pinned.properties" ] || [ ! -d "$target/broker-dist/artemis" ]; then
  echo "== broker bits: mvn -pl docker -am package (Maven Central artifacts, pinned in the parent pom)"
  (cd "$root" && mvn -B -q -ntp -pl docker -am -DskipTests package)
fi
# pinned PROPERTY: a property of the parent pom (java.util.Properties escapes ':' and '=' with a backslash)
pinned() {
  local value
  value="$(sed -n "s/^${1//./\\.}=//p" "$target/pinned.properties" | head -1 | sed 's/\\//g')"
  [ -n "$value" ] || { echo "build-images.sh: no property '$1' in the parent pom" >&2; return 1; }
  echo "$value"
}

present() { docker image inspect "$1" >/dev/null 2>&1; }
# digest DOCKERDIR [EXTRA_CONTEXT...]: what a broker image is built from
digest() {
  local dir="$1"; shift
  { (cd "$dir" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
    for c in "$@"; do
      if [ -d "$c" ]; then (cd "$c" && find . -type f -printf '%P %s\n' | sort)
      else echo "$(basename "$c") $(sha256sum < "$c")"; fi
    done; } | sha256sum | cut -c1-16
}
label() { docker image inspect --format '{{ index .Config.Labels "dev.brokerbench.recipe" }}' "$1" 2>/dev/null; }
timed() { local t0; t0=$(date +%s); "$@"; echo "   built in $(( $(date +%s) - t0 )) s"; }

build_base() {
  local rootfs
  rootfs="$(mktemp -d "${TMPDIR:-/tmp}/brokerbench-rootfs.XXXXXX")"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$target/debootstrap.log" 2>&1 \
    || { tail -20 "$target/debootstrap.log" >&2; rm -rf "$rootfs"; return 1; }
  # no init system in a container: package installs must not try to start services
  printf '#!/bin/sh\nexit 101\n' > "$rootfs/usr/sbin/policy-rc.d"
  chmod 755 "$rootfs/usr/sbin/policy-rc.d"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8' \
    --change 'CMD ["/bin/bash"]' - "$base_image" >/dev/null
  rm -rf "$rootfs"
}

# build IMAGE CONTEXT_SOURCE_DIR [EXTRA_CONTEXT...] [-- BUILD_ARGS...]
build() {
  local image="$1" dockerdir="$2"; shift 2
  local context="$target/context/$(basename "$dockerdir")"
  rm -rf "$context"; mkdir -p "$context"
  cp -a "$dockerdir"/. "$context"/
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do cp -a "$1" "$context"/; shift; done
  [ $# -gt 0 ] && shift
  local log="$target/build-$(basename "$dockerdir").log"
  docker build -t "$image" "$@" "$context" >"$log" 2>&1 || { tail -30 "$log" >&2; return 1; }
}

need() {
  local image="$1"
  if [ "$rebuild" = 0 ] && present "$image"; then echo "== $image: present"; return 1; fi
  echo "== building $image"
}

dist="$target/broker-dist"
if need "$base_image"; then
  command -v debootstrap >/dev/null || { echo "build-images.sh: debootstrap missing: apt-get install debootstrap" >&2; exit 1; }
  timed build_base
fi
# recipe BROKER: sets VERSION, ON (jre or base), CONTEXT and BUILD_ARGS for the broker, and IMAGE from them
recipe() {
  VERSION=; ON=; CONTEXT=(); BUILD_ARGS=(); BROKER=
  # shellcheck disable=SC1090
  source "${recipe_dir[$1]}/recipe"
  IMAGE="brokerbench/$BROKER:$VERSION"
}
on_jre=0
for b in "${brokers[@]}"; do recipe "$b"; if [ "$ON" = jre ]; then on_jre=1; fi; done
if [ "$on_jre" = 1 ] && need "$jre_image"; then
  timed build "$jre_image" "$here/jre" -- --build-arg "BASE=$base_image"
fi
for b in "${brokers[@]}"; do
  recipe "$b"
  built_from="$(digest "${recipe_dir[$b]}" "${CONTEXT[@]}")"
  if [ "$rebuild" = 0 ] && present "$IMAGE"; then
    if [ "$(label "$IMAGE")" = "$built_from" ]; then echo "== $IMAGE: present"; continue; fi
    echo "== $IMAGE: its recipe or context changed"
  fi
  echo "== building $IMAGE"
  if [ "$ON" = jre ]; then on=(--build-arg "JRE=$jre_image"); else on=(--build-arg "BASE=$base_image"); fi
  timed build "$IMAGE" "${recipe_dir[$b]}" "${CONTEXT[@]}" -- "${on[@]}" "${BUILD_ARGS[@]}" \
    --label "dev.brokerbench.recipe=$built_from"
done
echo "== images"
docker image ls --format '{{.Repository}}:{{.Tag}}  {{.ID}}  {{.Size}}' | grep '^brokerbench/' | sort
