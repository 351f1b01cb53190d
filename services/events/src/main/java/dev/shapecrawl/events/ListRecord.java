package dev.shapecrawl.events;

import java.util.List;

/**
 * One record (row) of one list extracted from a target page by SWLE (Agostinho 2015). Topic
 * {@link Topics#LIST_RECORDS}, key {@code pageUrl}. Extracting the same page again yields the same
 * {@link #id()}, so consumers can deduplicate.
 *
 * @param jobId        the job
 * @param pageUrl      the target page
 * @param listId       the list's id, stable across re-runs (derived from its position and identity)
 * @param listIdentity the list's identity: the special-character signature its records share (SWLE)
 * @param rowIndex     the record's index in the list, from 0
 * @param cells        the record's cells, in column order
 * @param settings     the SWLE setting used (for example {@code S2})
 */
public record ListRecord(String jobId, String pageUrl, String listId, String listIdentity, int rowIndex,
                         List<String> cells, String settings) {
    public ListRecord {
        JobIds.require(jobId);
        Urls.requireHttp("pageUrl", pageUrl);
        Checks.nonBlank("listId", listId);
        listIdentity = listIdentity == null ? "" : listIdentity;
        Checks.nonNegative("rowIndex", rowIndex);
        cells = Checks.list(cells);
        Checks.nonBlank("settings", settings);
    }

    /** The record's identity: {@code listId + "#" + rowIndex}. */
    public String id() {
        return listId + "#" + rowIndex;
    }
}
