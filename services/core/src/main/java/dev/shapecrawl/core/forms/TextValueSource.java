package dev.shapecrawl.core.forms;

/** Where the values of text boxes come from. */
public enum TextValueSource {
    /**
     * The top-{@code p} TF-IDF tokens of the form page and the data regions of the order-1 selection result pages,
     * one list shared by every text field (Moraes 2013 §4.2, eq. 4.1; {@link TfIdfTokens}). The default: it is the
     * seed of the probing method.
     */
    TF_IDF,
    /**
     * The 15 least frequent terms of the sample pages and the form page (Vidal 2006 §4.2, spec §6.4;
     * {@link LeastFrequentTerms}).
     */
    LEAST_FREQUENT
}
