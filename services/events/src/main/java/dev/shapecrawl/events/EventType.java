package dev.shapecrawl.events;

import java.util.List;
import java.util.Objects;

/**
 * The kind of an event: its envelope {@code type} name, its schema {@code version}, its Java record and its
 * JSON Schema on the class path.
 *
 * @param <T> the record
 */
public final class EventType<T> {
    public static final EventType<CrawlSeed> CRAWL_SEED = new EventType<>("crawl-seed", 1, CrawlSeed.class);
    public static final EventType<CrawlSample> CRAWL_SAMPLE = new EventType<>("crawl-sample", 1, CrawlSample.class);
    public static final EventType<FetchRequest> FETCH_REQUEST =
            new EventType<>("fetch-request", 1, FetchRequest.class);
    public static final EventType<PageFetched> PAGE_FETCHED = new EventType<>("page-fetched", 1, PageFetched.class);
    public static final EventType<PageClassified> PAGE_CLASSIFIED =
            new EventType<>("page-classified", 1, PageClassified.class);
    public static final EventType<TargetPage> TARGET_PAGE = new EventType<>("target-page", 1, TargetPage.class);
    public static final EventType<FormTemplate> FORM_TEMPLATE =
            new EventType<>("form-template", 1, FormTemplate.class);
    public static final EventType<NavigationPattern> NAVIGATION_PATTERN =
            new EventType<>("navigation-pattern", 1, NavigationPattern.class);
    public static final EventType<CrawlStatus> CRAWL_STATUS = new EventType<>("crawl-status", 1, CrawlStatus.class);
    public static final EventType<SiteModelSnapshot> SITE_MODEL =
            new EventType<>("site-model", 1, SiteModelSnapshot.class);
    public static final EventType<ListRecord> LIST_RECORD = new EventType<>("list-record", 1, ListRecord.class);
    public static final EventType<SamplePage> SAMPLE_PAGE = new EventType<>("sample-page", 1, SamplePage.class);
    public static final EventType<FormProbeState> FORM_PROBE_STATE =
            new EventType<>("form-probe-state", 1, FormProbeState.class);

    private static final List<EventType<?>> ALL = List.of(CRAWL_SEED, CRAWL_SAMPLE, FETCH_REQUEST, PAGE_FETCHED,
            PAGE_CLASSIFIED, TARGET_PAGE, FORM_TEMPLATE, NAVIGATION_PATTERN, CRAWL_STATUS, SITE_MODEL, LIST_RECORD,
            SAMPLE_PAGE, FORM_PROBE_STATE);

    private final String name;
    private final int version;
    private final Class<T> javaType;

    private EventType(String name, int version, Class<T> javaType) {
        this.name = name;
        this.version = version;
        this.javaType = javaType;
    }

    /** Every event type of the contract. */
    public static List<EventType<?>> all() {
        return ALL;
    }

    /**
     * @return the event type whose record is {@code javaType}
     * @throws IllegalArgumentException if the class is not an event of the contract
     */
    @SuppressWarnings("unchecked")
    public static <T> EventType<T> of(Class<T> javaType) {
        for (EventType<?> t : ALL) {
            if (t.javaType == javaType) {
                return (EventType<T>) t;
            }
        }
        throw new IllegalArgumentException(javaType.getName() + " is not an event type of the contract");
    }

    /** The envelope {@code type}, kebab-case (for example {@code fetch-request}). */
    public String name() {
        return name;
    }

    /** The schema version this code writes and reads. */
    public int version() {
        return version;
    }

    /** The record class. */
    public Class<T> javaType() {
        return javaType;
    }

    /** The class-path resource of the JSON Schema, for example {@code dev/shapecrawl/events/schemas/fetch-request.v1.schema.json}. */
    public String schemaResource() {
        return "dev/shapecrawl/events/schemas/" + name + ".v" + version + ".schema.json";
    }

    /** The class-path resource of the documented example event. */
    public String exampleResource() {
        return "dev/shapecrawl/events/examples/" + name + ".json";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EventType<?> t && t.name.equals(name) && t.version == version;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, version);
    }

    @Override
    public String toString() {
        return name + ".v" + version;
    }
}
