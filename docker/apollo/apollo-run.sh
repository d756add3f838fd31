#!/bin/bash
# Starts Apollo on the configuration in /var/lib/apollo/etc; where none was copied in, on the image's defaults
# (bench-brokers' ApolloConfiguration files, its connector on 0.0.0.0:61613).
set -e
etc=/var/lib/apollo/etc
if [ ! -f "$etc/apollo.xml" ]; then
  sed -e 's/@BIND@/0.0.0.0/' -e 's/@PORT@/61613/' /opt/apollo/defaults/apollo.xml > "$etc/apollo.xml"
fi
if [ ! -f "$etc/log4j.properties" ]; then
  cp /opt/apollo/defaults/log4j.properties "$etc/log4j.properties"
fi
# JAVA_OPTS is a list of options: split on spaces on purpose
# shellcheck disable=SC2086
exec java ${JAVA_OPTS} -XX:+UseG1GC -Dapollo.home=/opt/apollo -Dapollo.base=/var/lib/apollo \
  -Dlog4j.configuration="file:$etc/log4j.properties" -cp '/opt/apollo/lib/*' org.apache.activemq.apollo.cli.Apollo run
