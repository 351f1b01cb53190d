package dev.shapecrawl.core.forms;

import java.util.List;

/**
 * One submitted template instance and what its first result page held: an entry of the probe's log.
 *
 * @param sequence         1-based position among the instance submissions (the broad submission is not counted)
 * @param instance         the submitted instance
 * @param error            the page was an error page
 * @param recordSignatures the page's record signatures, in page order
 */
public record Submission(int sequence, TemplateInstance instance, boolean error, List<String> recordSignatures) {
    /** @throws IllegalArgumentException if {@code sequence < 1} or the instance is missing */
    public Submission {
        if (sequence < 1 || instance == null) {
            throw new IllegalArgumentException("sequence must be >= 1 and instance present");
        }
        recordSignatures = List.copyOf(recordSignatures);
    }

    /** The record count of the page. */
    public int recordCount() {
        return recordSignatures.size();
    }

    /** The verdict with page capacity {@code m}. */
    public Verdict verdict(int m) {
        return Verdict.of(error, recordSignatures.size(), m);
    }

    /** The page's content signature ({@link RecordSignature#ofPage}). */
    public String pageSignature() {
        return RecordSignature.ofPage(recordSignatures);
    }
}
