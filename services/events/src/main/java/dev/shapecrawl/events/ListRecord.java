package dev.shapecrawl.events;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * @param fields       the same cells by column name, in column order (optional within version 1, issue 20): the
 *                     page's own names where it names the columns (a header row, a repeated label), otherwise
 *                     positional names {@code c1}, {@code c2}… that are the same on every page for one
 *                     {@code listIdentity}; null from an extractor that names none
 * @throws IllegalArgumentException naming the field, if one is missing or out of range, or {@code fields} does not
 *                                  hold one distinct name per cell
 */
public record ListRecord(String jobId, String pageUrl, String listId, String listIdentity, int rowIndex,
                         List<String> cells, String settings, Map<String, String> fields) {
    public ListRecord {
        JobIds.require(jobId);
        Urls.requireHttp("pageUrl", pageUrl);
        Checks.nonBlank("listId", listId);
        listIdentity = listIdentity == null ? "" : listIdentity;
        Checks.nonNegative("rowIndex", rowIndex);
        cells = Checks.list(cells);
        Checks.nonBlank("settings", settings);
        if (fields != null) {
            if (fields.size() != cells.size()) {
                throw new IllegalArgumentException("fields: one name per cell (" + cells.size() + "), was "
                        + fields.keySet());
            }
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }
    }

    /** A record without field names (an extractor before issue 20). */
    public ListRecord(String jobId, String pageUrl, String listId, String listIdentity, int rowIndex,
                      List<String> cells, String settings) {
        this(jobId, pageUrl, listId, listIdentity, rowIndex, cells, settings, null);
    }

    /**
     * A record whose cells are named.
     *
     * @param names one distinct name per cell, in cell order
     * @throws IllegalArgumentException if the names are not one distinct name per cell
     */
    public static ListRecord named(String jobId, String pageUrl, String listId, String listIdentity, int rowIndex,
                                   List<String> cells, String settings, List<String> names) {
        if (names.size() != cells.size()) {
            throw new IllegalArgumentException("names: one per cell (" + cells.size() + "), was " + names);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            if (fields.put(names.get(i), cells.get(i)) != null) {
                throw new IllegalArgumentException("names: each once, was " + names);
            }
        }
        return new ListRecord(jobId, pageUrl, listId, listIdentity, rowIndex, cells, settings, fields);
    }

    /** The record's identity: {@code listId + "#" + rowIndex}. */
    public String id() {
        return listId + "#" + rowIndex;
    }
}
