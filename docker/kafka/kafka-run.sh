#!/usr/bin/env bash
# Starts Kafka the way the official image's /etc/kafka/docker/run does: every KAFKA_* variable (except the JVM's)
# is a server property (KAFKA_LOG_DIRS -> log.dirs; '___' -> '-', '__' -> '_', '_' -> '.'), the first log directory is
# formatted for CLUSTER_ID unless it already is, then the broker runs in the foreground as PID 1's exec.
set -euo pipefail
conf=/opt/kafka/logs/server.properties
: > "$conf"
for var in $(compgen -e); do
  case "$var" in
    KAFKA_HEAP_OPTS|KAFKA_OPTS|KAFKA_JVM_PERFORMANCE_OPTS) ;;
    KAFKA_*)
      name="$(printf '%s' "${var#KAFKA_}" | tr 'A-Z' 'a-z' | sed -e 's/___/-/g' -e 's/__/\x01/g' -e 's/_/./g' -e 's/\x01/_/g')"
      printf '%s=%s\n' "$name" "${!var}" >> "$conf" ;;
  esac
done
log_dir="$(sed -n 's/^log\.dirs=//p' "$conf" | cut -d, -f1)"
classpath='/opt/kafka/libs/*'
logging=(-Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties -Dkafka.logs.dir=/opt/kafka/logs
         -Dkafka.console.level=info)
if [ ! -f "$log_dir/meta.properties" ]; then
  : "${CLUSTER_ID:?CLUSTER_ID must name the cluster to format $log_dir for}"
  java "${logging[@]}" -cp "$classpath" kafka.tools.StorageTool format --cluster-id "$CLUSTER_ID" --config "$conf"
fi
# kafka-run-class.sh's JVM options
exec java ${KAFKA_HEAP_OPTS} ${KAFKA_JVM_PERFORMANCE_OPTS:--server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
  -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true} \
  ${KAFKA_OPTS:-} "${logging[@]}" -cp "$classpath" kafka.Kafka "$conf"
