package dev.shapecrawl.formprober;

import dev.shapecrawl.core.forms.ProbeResult;
import dev.shapecrawl.core.forms.RecordSignature;
import dev.shapecrawl.core.lists.ExtractedList;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.events.PageFetched;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a fetched result page into the {@link ProbeResult} the core prober observes.
 *
 * <p>Why here and not from {@code pages-classified}: the classifier's event carries no body and no record count,
 * so the records of a result page can only be counted from the body on {@code pages-fetched}. The data region is
 * the list with the most rows that the core SWLE extractor ({@link SwleExtractor}) finds on the page; each row is
 * one record, its signature {@link RecordSignature#of} of its cells joined. Consequence of SWLE's RL (minimum rows
 * per list, 3 by default): a result page with fewer records than RL counts as empty — under-full either way, so
 * the verdict (non-informative) is the same, but those records are not counted in coverage.
 *
 * <p>An error is a failed fetch, a status ≥ 400 or a missing body (non-HTML); the seed leaves error detection open
 * (spec §4.3).
 */
final class ResultPages {
    private final SwleExtractor extractor;

    ResultPages(SwleExtractor extractor) {
        this.extractor = extractor;
    }

    /**
     * @param page the fetched result of a probe submission
     * @return the probe result: records of the page's main list, or an error page
     * @throws RuntimeException if the extractor fails on the body (a core defect; the caller dead-letters)
     */
    ProbeResult of(PageFetched page) {
        if (page.error() != null || page.status() >= 400 || page.body() == null) {
            return ProbeResult.errorPage();
        }
        List<ExtractedList> lists = extractor.extract(HtmlTrees.parse(page.body(), page.finalUrl()));
        ExtractedList main = null;
        for (ExtractedList l : lists) {
            if (main == null || l.rows().size() > main.rows().size()) {
                main = l; // first of the largest: extraction order is deterministic, so a replay picks the same
            }
        }
        List<String> records = new ArrayList<>();
        if (main != null) {
            for (List<String> row : main.rows()) {
                records.add(String.join(" | ", row));
            }
        }
        return ProbeResult.ofRecords(records);
    }
}
