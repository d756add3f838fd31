#!/bin/bash
# First start: create the broker instance in the current directory the way the official image does; then run it.
set -e
if [ "${ANONYMOUS_LOGIN,,}" = "true" ]; then login=--allow-anonymous; else login=--require-login; fi
if [ ! -f ./etc/broker.xml ]; then
  # EXTRA_ARGS is a list of options: split on spaces on purpose
  # shellcheck disable=SC2086
  /opt/activemq-artemis/bin/artemis create --user "${ARTEMIS_USER}" --password "${ARTEMIS_PASSWORD}" --silent \
    ${login} ${EXTRA_ARGS} .
fi
exec ./bin/artemis "$@"
