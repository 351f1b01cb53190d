package dev.shapecrawl.core.crawl;

/**
 * A form a mapping met whose verdict from the form-prober has not come yet (Vidal 2006 §4, specification §6.6:
 * a form that leads to target pages becomes a node of the target pages map, under the page that holds it).
 *
 * @param formId  the form's id ({@link dev.shapecrawl.events.FormInfo#id()})
 * @param pageUrl the expanded page the mapping met it on first: its submissions hang under that page
 * @param depth   that page's link depth, >= 0; the submissions' result pages are one deeper
 */
public record AwaitedForm(String formId, String pageUrl, int depth) {
}
