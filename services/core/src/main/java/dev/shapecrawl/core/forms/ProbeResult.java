package dev.shapecrawl.core.forms;

import java.util.List;

/**
 * What one submission returned, as observed on its first result page (the thesis never follows pagination, spec
 * §7 item 11).
 *
 * @param error            the server or application answered with an error (HTTP status ≥ 400, an error page);
 *                         the thesis leaves the detection open (spec §4.3), the caller decides
 * @param recordSignatures one {@link RecordSignature} per record extracted from the page's data region, in page
 *                         order (repeats allowed); their count is the page's record count
 * @param dataText         the data region's text, used only for the TF-IDF text values of order-1 selection
 *                         results (thesis §4.2); may be empty
 */
public record ProbeResult(boolean error, List<String> recordSignatures, String dataText) {
    /** @throws IllegalArgumentException if an error page claims records */
    public ProbeResult {
        recordSignatures = List.copyOf(recordSignatures);
        dataText = dataText == null ? "" : dataText;
        if (error && !recordSignatures.isEmpty()) {
            throw new IllegalArgumentException("an error page has no records");
        }
    }

    /** An error page. */
    public static ProbeResult errorPage() {
        return new ProbeResult(true, List.of(), "");
    }

    /** A page with the given record texts: signatures via {@link RecordSignature#of}, data text = texts joined. */
    public static ProbeResult ofRecords(List<String> recordTexts) {
        return new ProbeResult(false, recordTexts.stream().map(RecordSignature::of).toList(),
                String.join("\n", recordTexts));
    }

    /** The number of records on the page. */
    public int recordCount() {
        return recordSignatures.size();
    }
}
