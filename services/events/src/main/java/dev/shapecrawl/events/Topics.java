package dev.shapecrawl.events;

import java.util.List;
import java.util.Optional;

/** Topic names, keys and cleanup policies of the contract (brief, "Topics"; {@code docs/events.md}). */
public final class Topics {
    public static final String CRAWL_SEEDS = "crawl-seeds";
    public static final String CRAWL_SAMPLES = "crawl-samples";
    public static final String FETCH_REQUESTS = "fetch-requests";
    public static final String PAGES_FETCHED = "pages-fetched";
    public static final String PAGES_CLASSIFIED = "pages-classified";
    public static final String TARGET_PAGES = "target-pages";
    public static final String FORM_TEMPLATES = "form-templates";
    public static final String NAVIGATION_PATTERNS = "navigation-patterns";
    public static final String CRAWL_STATUS = "crawl-status";
    /** The latest site model of every job (seed 001; issue 18), compacted. */
    public static final String SITE_MODELS = "site-models";
    public static final String LIST_RECORDS = "list-records";
    /** Internal to the classifier: the resolved sample pages of every job, read whole by every instance. */
    public static final String SAMPLE_PAGES = "sample-pages";
    /** Internal to the form-prober: the latest state of every form's probe, read whole when an instance starts. */
    public static final String FORM_PROBE_STATE = "form-probe-state";

    /** Prefix of dead-letter topics: {@code dead-letter-topic-<topic>}, the SmallRye Kafka connector's default. */
    public static final String DEAD_LETTER_PREFIX = "dead-letter-topic-";
    /**
     * The header of a dead letter that says why the event was refused (UTF-8 text): the SmallRye Kafka connector's
     * name, which the pattern service's topology writes too, so one reader serves every dead-letter topic.
     */
    public static final String DEAD_LETTER_REASON_HEADER = "dead-letter-reason";

    /** Message size of topics that carry a page body: 5 MiB body cap, JSON escaping, envelope (bytes). */
    public static final int PAGE_MESSAGE_BYTES = 16 * 1024 * 1024;
    /** Message size of the other topics: Kafka's default (bytes). */
    public static final int DEFAULT_MESSAGE_BYTES = 1024 * 1024;
    /**
     * How much larger a dead-letter topic's messages may be than its topic's (bytes): a dead letter is the event
     * as it came plus the dead-letter headers (reason, cause, exception classes, origin), so an event just under
     * its topic's limit must still fit, or it can be neither processed nor dead-lettered.
     */
    public static final int DEAD_LETTER_HEADROOM_BYTES = 64 * 1024;

    private static final List<TopicContract> ALL = List.of(
            new TopicContract(CRAWL_SEEDS, EventType.CRAWL_SEED, "jobId", false, DEFAULT_MESSAGE_BYTES),
            new TopicContract(CRAWL_SAMPLES, EventType.CRAWL_SAMPLE, "jobId", false, PAGE_MESSAGE_BYTES),
            new TopicContract(FETCH_REQUESTS, EventType.FETCH_REQUEST, "host", false, DEFAULT_MESSAGE_BYTES),
            new TopicContract(PAGES_FETCHED, EventType.PAGE_FETCHED, "host", false, PAGE_MESSAGE_BYTES),
            new TopicContract(PAGES_CLASSIFIED, EventType.PAGE_CLASSIFIED, "jobId", false, PAGE_MESSAGE_BYTES),
            new TopicContract(TARGET_PAGES, EventType.TARGET_PAGE, "url", false, PAGE_MESSAGE_BYTES),
            new TopicContract(FORM_TEMPLATES, EventType.FORM_TEMPLATE, "jobId", false, DEFAULT_MESSAGE_BYTES),
            new TopicContract(NAVIGATION_PATTERNS, EventType.NAVIGATION_PATTERN, "jobId", true, DEFAULT_MESSAGE_BYTES),
            new TopicContract(CRAWL_STATUS, EventType.CRAWL_STATUS, "jobId", true, DEFAULT_MESSAGE_BYTES),
            // a model of n = 200 pages: at most 200 classes, their class links a few thousand at worst
            new TopicContract(SITE_MODELS, EventType.SITE_MODEL, "jobId", true, PAGE_MESSAGE_BYTES),
            new TopicContract(LIST_RECORDS, EventType.LIST_RECORD, "pageUrl", false, DEFAULT_MESSAGE_BYTES),
            new TopicContract(SAMPLE_PAGES, EventType.SAMPLE_PAGE, "jobId/sampleId", true, PAGE_MESSAGE_BYTES),
            // A probe's state grows with its submission log (up to max-submissions) and its selection documents.
            new TopicContract(FORM_PROBE_STATE, EventType.FORM_PROBE_STATE, "jobId/formId", true,
                    PAGE_MESSAGE_BYTES));

    private Topics() {
    }

    /** Every topic of the contract, dead-letter topics excluded. */
    public static List<TopicContract> all() {
        return ALL;
    }

    /** The contract of the topic named {@code name}, if it is one. */
    public static Optional<TopicContract> named(String name) {
        return ALL.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** {@code dead-letter-topic-<topic>}. */
    public static String deadLetter(String topic) {
        return DEAD_LETTER_PREFIX + topic;
    }
}
