package dev.shapecrawl.events;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A job's list records as files: what {@code shapecrawl records} prints and what the console's downloads serve
 * (issue 22), written by this one class so that the two are the same byte for byte.
 *
 * <ul>
 *   <li><b>JSON Lines</b>: each selected {@link Topics#LIST_RECORDS} event's value as the topic holds it, in topic
 *       order, one per line.</li>
 *   <li><b>CSV</b> (RFC 4180): a header of {@link RecordTables#PREFIX} and the union of the records' column names in
 *       the order first met, then one row per record, each cell under its name ({@link RecordTables#row}).</li>
 * </ul>
 * Every line ends with {@link #LINE_END}, whatever the platform. Stateless; the {@link Selection} is not
 * thread-safe.
 */
public final class RecordExport {
    /** The end of every line: {@code \n}. */
    public static final String LINE_END = "\n";

    private RecordExport() {
    }

    /**
     * Which list-record events belong to an export: the job's, of one table if named, each record once (by page URL
     * and record id: a page extracted again repeats its records under the same ids). Undecodable values are
     * skipped (they are the dead-letter topic's business, not the export's). Not thread-safe.
     */
    public static final class Selection {
        private final String job;
        private final String table;
        private final String marker;
        private final Set<String> seen = new HashSet<>();

        /**
         * @param job   the job id
         * @param table a table id ({@link RecordTables#id}), or null for every table
         */
        public Selection(String job, String table) {
            this.job = JobIds.require(job);
            this.table = table;
            this.marker = jobMarker(job);
        }

        /**
         * The record of one {@link Topics#LIST_RECORDS} event value, if it is selected and not seen before.
         *
         * @param value the event as the topic holds it (JSON)
         * @return the record, or empty (another job or table, undecodable, or seen already)
         */
        public Optional<ListRecord> accept(String value) {
            if (value == null || !value.contains(marker)) { // cheap: most events of a shared topic are other jobs'
                return Optional.empty();
            }
            try {
                return accept(EventCodec.decode(EventType.LIST_RECORD, value));
            } catch (InvalidEventException e) {
                return Optional.empty();
            }
        }

        /** {@link #accept(String)} of a record already decoded. */
        public Optional<ListRecord> accept(ListRecord r) {
            if (!r.jobId().equals(job) || (table != null && !RecordTables.id(r).equals(table))
                    || !seen.add(r.pageUrl() + " " + r.id())) {
                return Optional.empty();
            }
            return Optional.of(r);
        }
    }

    /**
     * Which pages' records an export holds: those the job's latest run took for targets, the pages written to
     * {@link Topics#TARGET_PAGES} since the run started ({@link CrawlStatus#runStartedMs()}, against each record's
     * timestamp), so that a page an earlier run took and the latest dropped (a re-crawl with a negative sample) is no
     * longer the job's result; every page when the start is unknown (0: a status written before it). Fed the
     * target-pages topic by the reader of each side (the CLI, the console's downloads). Not thread-safe.
     */
    public static final class LatestRunPages {
        private final String job;
        private final long sinceMs;
        private final String marker;
        private final Set<String> urls = new HashSet<>();

        /**
         * @param job          the job id
         * @param runStartedMs when its latest run started, epoch ms; 0 when unknown
         */
        public LatestRunPages(String job, long runStartedMs) {
            this.job = JobIds.require(job);
            this.sinceMs = runStartedMs;
            this.marker = jobMarker(job);
        }

        /** Whether the run's start is known, so that {@link Topics#TARGET_PAGES} must be read ({@link #accept}). */
        public boolean needsTargets() {
            return sinceMs > 0;
        }

        /**
         * Takes one {@link Topics#TARGET_PAGES} record.
         *
         * @param value       the event as the topic holds it (JSON); another job's or an undecodable one is skipped
         * @param timestampMs the record's timestamp, epoch ms
         */
        public void accept(String value, long timestampMs) {
            // cheap first: bodies are large, and most events of the shared topic are other jobs' or other runs'
            if (timestampMs < sinceMs || value == null || !value.contains(marker)) {
                return;
            }
            try {
                TargetPage t = EventCodec.decode(EventType.TARGET_PAGE, value);
                if (t.jobId().equals(job)) {
                    urls.add(t.url());
                }
            } catch (InvalidEventException e) {
                // not a target-page event (the services dead-letter such values): not a page of the run
            }
        }

        /** Whether {@code r} is a record of a page of the latest run (every record when the start is unknown). */
        public boolean includes(ListRecord r) {
            return !needsTargets() || urls.contains(r.pageUrl());
        }
    }

    /** Text every event of {@code job} holds as the topics carry it: a cheap test before decoding a shared topic's. */
    private static String jobMarker(String job) {
        return "\"jobId\":\"" + job + "\"";
    }

    /** One JSON Lines line: the event value as the topic holds it, then {@link #LINE_END}. */
    public static String jsonlLine(String value) {
        return value + LINE_END;
    }

    /**
     * The CSV header for {@code records}: {@link RecordTables#PREFIX} and the union of their names, then
     * {@link #LINE_END}.
     */
    public static String csvHeader(List<String> names) {
        return RecordTables.header(names) + LINE_END;
    }

    /** One CSV row of {@code r} under the header of {@code names}, then {@link #LINE_END}. */
    public static String csvRow(ListRecord r, List<String> names) {
        return RecordTables.row(r, names) + LINE_END;
    }

    /**
     * A whole CSV export of records already selected: the header of their names' union, then a row each.
     *
     * @throws UncheckedIOException when {@code out} fails
     */
    public static void writeCsv(List<ListRecord> records, Appendable out) {
        List<String> names = RecordTables.union(records);
        try {
            out.append(csvHeader(names));
            for (ListRecord r : records) {
                out.append(csvRow(r, names));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
