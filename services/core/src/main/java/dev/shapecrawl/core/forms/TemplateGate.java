package dev.shapecrawl.core.forms;

/**
 * Which informative lower-order templates an order-{@code d} template ({@code d ≥ 2}) needs before TP or ITTP
 * generates it (spec §7 item 1 and §4.1: the thesis and the original ISIT disagree, so both are offered).
 */
public enum TemplateGate {
    /**
     * Every {@code (d−1)}-field sub-template was tested and found informative (Apriori-like). This is the thesis's
     * reading (Moraes 2013 §3.1.6: a field uninformative alone is in no higher template); the default.
     */
    ALL_SUBTEMPLATES_INFORMATIVE,
    /** At least one {@code (d−1)}-field sub-template is informative: Madhavan et al. 2008's ISIT {@code Augment}. */
    ANY_PARENT_INFORMATIVE
}
