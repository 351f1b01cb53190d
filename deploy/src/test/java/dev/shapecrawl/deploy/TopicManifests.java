package dev.shapecrawl.deploy;

import dev.shapecrawl.events.TopicContract;
import dev.shapecrawl.events.Topics;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Generates {@code deploy/kubernetes/base/kafka/topics.yaml}, the Strimzi {@code KafkaTopic}s, from the events
 * contract ({@link Topics#all()}): names, cleanup policy and message size come from the contract, so they cannot
 * drift; only the sizing below (partitions, retention) is decided here, per topic, with its reason. A contract topic
 * without a sizing fails the generation, so a new topic forces a decision. {@code DeployManifestsTest} compares the
 * file with this output; regenerate it with
 * {@code ./mvnw -B -pl deploy -am test -Dshapecrawl.deploy.write-topics=true}.
 */
final class TopicManifests {
    /** The Strimzi cluster the topics belong to (base/kafka/kafka.yaml). */
    static final String CLUSTER = "shapecrawl";
    /** Replicas of every topic in the base (production) cluster; overlays/dev patches them to 1. */
    static final int REPLICAS = 3;
    /** Dead-letter topics: rare, read by people; one partition keeps them in order. */
    static final int DEAD_LETTER_PARTITIONS = 1;
    static final long DEAD_LETTER_RETENTION_MS = days(14);

    /** Partitions and retention of one topic, and why. {@code retentionMs} is ignored for compacted topics. */
    record Sizing(int partitions, Long retentionMs, String why) {
    }

    /**
     * Partitions bound the parallelism of each consumer group (and so the autoscalers' maximum replicas). Host-keyed
     * and page-carrying topics get 12 (fetching and per-page CPU work scale out); job-keyed topics get 6, and the
     * pattern service's three inputs (crawl-seeds, crawl-samples, pages-classified) must have the same count: they
     * are co-partitioned by job id so a job's events meet its state on one Kafka Streams task.
     */
    static final Map<String, Sizing> SIZING = new LinkedHashMap<>();

    static {
        SIZING.put(Topics.CRAWL_SEEDS, new Sizing(6, -1L,
                "kept forever: the classifier rebuilds every job's seed from this topic when it starts"));
        SIZING.put(Topics.CRAWL_SAMPLES, new Sizing(6, days(30),
                "resolved samples live on in sample-pages and the pattern service's stores"));
        SIZING.put(Topics.FETCH_REQUESTS, new Sizing(12, days(7),
                "keyed by host: a partition is the unit of politeness, 12 lets 12 fetchers work"));
        SIZING.put(Topics.PAGES_FETCHED, new Sizing(12, days(1),
                "the largest topic (bodies up to 5 MiB), consumed within seconds: keep a day for replays"));
        SIZING.put(Topics.PAGES_CLASSIFIED, new Sizing(6, days(7),
                "co-partitioned with crawl-seeds and crawl-samples (pattern service)"));
        SIZING.put(Topics.TARGET_PAGES, new Sizing(12, days(3),
                "bodies again; the extractor's input, scaled like the classifier"));
        SIZING.put(Topics.FORM_TEMPLATES, new Sizing(6, days(30),
                "form steps of a job, small"));
        SIZING.put(Topics.NAVIGATION_PATTERNS, new Sizing(6, null,
                "compacted: the latest pattern of each job"));
        SIZING.put(Topics.CRAWL_STATUS, new Sizing(6, null,
                "compacted: the latest status of each job"));
        SIZING.put(Topics.SITE_MODELS, new Sizing(6, null,
                "compacted: the latest site model of each job (up to 16 MiB: 200 classes and their class links)"));
        SIZING.put(Topics.LIST_RECORDS, new Sizing(12, days(30),
                "the output: consumers read it at their own pace"));
        SIZING.put(Topics.SAMPLE_PAGES, new Sizing(6, null,
                "compacted: the classifier's resolved samples, read whole by every instance"));
        SIZING.put(Topics.FORM_PROBE_STATE, new Sizing(6, null,
                "compacted: the latest state of each form's probe, read whole by the form-prober at startup"));
    }

    private TopicManifests() {
    }

    static long days(int n) {
        return n * 24L * 60 * 60 * 1000;
    }

    /** The sizing of a contract topic; fails for a topic nobody sized. */
    static Sizing sizing(TopicContract topic) {
        Sizing s = SIZING.get(topic.name());
        if (s == null) {
            throw new IllegalStateException("topic " + topic.name() + " of the events contract has no sizing in "
                    + "TopicManifests.SIZING: add its partitions and retention there, then regenerate topics.yaml");
        }
        return s;
    }

    /** The whole topics.yaml. */
    static String render() {
        StringBuilder out = new StringBuilder();
        out.append("""
                # GENERATED from the events contract (dev.shapecrawl.events.Topics) by
                # deploy/src/test/java/dev/shapecrawl/deploy/TopicManifests.java: do not edit. Change the sizing there and run
                #   ./mvnw -B -pl deploy -am test -Dshapecrawl.deploy.write-topics=true
                # DeployManifestsTest fails while this file and the contract disagree. One KafkaTopic per contract topic
                # (cleanup.policy and max.message.bytes from the contract) and one per dead-letter topic
                # (dead-letter-topic-<topic>, written by the services when an event cannot be processed).
                """);
        for (TopicContract t : Topics.all()) {
            Sizing s = sizing(t);
            out.append("---\n");
            out.append("# key: ").append(t.key()).append("; ").append(s.why()).append('\n');
            topic(out, t.name(), s.partitions(), t.cleanupPolicy(), t.maxMessageBytes(),
                    t.compacted() ? null : s.retentionMs());
        }
        for (TopicContract t : Topics.all()) {
            out.append("---\n");
            topic(out, t.deadLetterTopic(), DEAD_LETTER_PARTITIONS, "delete", t.deadLetterMaxMessageBytes(),
                    DEAD_LETTER_RETENTION_MS);
        }
        return out.toString();
    }

    private static void topic(StringBuilder out, String name, int partitions, String cleanup, int maxBytes,
            Long retentionMs) {
        out.append("apiVersion: kafka.strimzi.io/v1beta2\n")
                .append("kind: KafkaTopic\n")
                .append("metadata:\n")
                .append("  name: ").append(name).append('\n')
                .append("  labels:\n")
                .append("    strimzi.io/cluster: ").append(CLUSTER).append('\n')
                .append("    app.kubernetes.io/part-of: shapecrawl\n")
                .append("spec:\n")
                .append("  partitions: ").append(partitions).append('\n')
                .append("  replicas: ").append(REPLICAS).append('\n')
                .append("  config:\n")
                .append("    cleanup.policy: ").append(cleanup).append('\n')
                .append("    max.message.bytes: ").append(maxBytes).append('\n');
        if (retentionMs != null) {
            out.append("    retention.ms: ").append(retentionMs).append('\n');
        }
    }
}
