#!/bin/bash
set -e
etc=/var/lib/apollo/etc
if [ ! -f "$etc/apollo.xml" ]; then
  cat > "$etc/apollo.xml" <<'XML'
<broker xmlns="http://activemq.apache.org/schema/activemq/apollo">
  <virtual_host id="localhost">
    <host_name>localhost</host_name>
    <host_name>127.0.0.1</host_name>
    <leveldb_store directory="${apollo.base}/data" sync="true"/>
  </virtual_host>
  <connector id="tcp" bind="tcp://0.0.0.0:61613" connection_limit="2000">
    <openwire tcp_no_delay="true"/>
  </connector>
</broker>
XML
fi
if [ ! -f "$etc/log4j.properties" ]; then
  printf '%s\n' 'log4j.rootLogger=INFO, console' \
    'log4j.appender.console=org.apache.log4j.ConsoleAppender' \
    'log4j.appender.console.layout=org.apache.log4j.PatternLayout' \
    'log4j.appender.console.layout.ConversionPattern=%d %-5p [%c{1}] %m%n' > "$etc/log4j.properties"
fi
# JAVA_OPTS is a list of options: split on spaces on purpose
# shellcheck disable=SC2086
exec java ${JAVA_OPTS} -XX:+UseG1GC -Dapollo.home=/opt/apollo -Dapollo.base=/var/lib/apollo \
  -Dlog4j.configuration="file:$etc/log4j.properties" -cp '/opt/apollo/lib/*' org.apache.activemq.apollo.cli.Apollo run
