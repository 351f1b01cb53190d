package dev.shapecrawl.events;

/** The phase of a crawl job (brief, "Topics": crawl-status). */
public enum Phase {
    MAPPING,
    PATTERN,
    CRAWLING,
    IDLE,
    FAILED,
    /**
     * The mapping ended without a clear boundary between the samples' class and a neighbouring class of the site
     * (issue 18; {@code dev.shapecrawl.core.classify.TargetDecision}): the job does not crawl on a guess. The status's
     * {@code lastError} names the neighbouring class; another sample or a negative sample resolves it.
     */
    AMBIGUOUS;

    /** Whether a job in this phase has stopped until a new seed: IDLE, FAILED or AMBIGUOUS. */
    public boolean settled() {
        return this == IDLE || stoppedShort();
    }

    /** Whether the job stopped without ending a crawl: FAILED or AMBIGUOUS. */
    public boolean stoppedShort() {
        return this == FAILED || this == AMBIGUOUS;
    }
}
