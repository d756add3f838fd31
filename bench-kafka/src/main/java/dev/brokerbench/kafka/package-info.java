/** Apache Kafka through kafka-clients: a topic of 4 partitions is the suite's queue, one consumer group drains it. */
package dev.brokerbench.kafka;
