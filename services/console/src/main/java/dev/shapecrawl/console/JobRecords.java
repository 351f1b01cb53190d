package dev.shapecrawl.console;

import com.carrotsearch.hppc.LongHashSet;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.RecordTables;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One job's list records as the console holds them: counted by table ({@link RecordTables}, as
 * {@code shapecrawl records --by-list} counts them) and by page, each record once (by page URL and record id, as
 * {@code RecordExport.Selection} does), and the first {@code max} of them kept for the paged view, which can show the
 * records of some pages only (the latest run's target pages). The downloads do not come from here: they read the
 * topic ({@link RecordDownloads}). Thread-safe (synchronized: one reader thread adds, requests read).
 *
 * <p>Memory: a record seen is kept as a 64-bit hash of its page URL and id (HPPC's primitive set: 8 bytes a
 * slot), not as a string: on a long-lived runtime (439 jobs) 2.3 million such strings in their set took the
 * console's 512 MiB before it was ready (docs/console.md). {@link #release()} drops the hashes too; a released job's
 * later records are counted without that check (a record delivered twice then counts twice).
 */
final class JobRecords {
    private final String job;
    /** The records' identities; null once released. */
    private LongHashSet seen = new LongHashSet();
    private final RecordTables tables = new RecordTables();
    private final Map<String, List<ListRecord>> byTable = new LinkedHashMap<>();
    /** Records counted per page and table (every record, held or not): the counts of a view of some pages. */
    private final Map<String, Map<String, Long>> perPage = new HashMap<>();
    private final int max;
    private long count;
    private int held;

    /**
     * @param job the job
     * @param max the most records kept for the view (the rest are counted only), >= 0
     */
    JobRecords(String job, int max) {
        this.job = job;
        this.max = max;
    }

    /**
     * Adds one record of this job.
     *
     * @return whether it was a record not seen before (false also for another job's record)
     */
    synchronized boolean add(ListRecord r) {
        if (!r.jobId().equals(job) || (seen != null && !seen.add(identity(r)))) {
            return false;
        }
        count++;
        String table = tables.add(r);
        perPage.computeIfAbsent(r.pageUrl(), p -> new HashMap<>()).merge(table, 1L, Long::sum);
        if (held < max && seen != null) {
            byTable.computeIfAbsent(table, t -> new ArrayList<>()).add(r);
            held++;
        }
        return true;
    }

    /**
     * A record's identity, its page URL and id, as a 64-bit hash (a 64-bit polynomial over both, then a finalising
     * mix): two records in a few million share one with a chance of about 10^-7.
     */
    static long identity(ListRecord r) {
        long h = 1125899906842597L;
        String page = r.pageUrl();
        for (int i = 0; i < page.length(); i++) {
            h = 31 * h + page.charAt(i);
        }
        h = 31 * h + ' ';
        String id = r.id();
        for (int i = 0; i < id.length(); i++) {
            h = 31 * h + id.charAt(i);
        }
        return com.carrotsearch.hppc.BitMixer.mix64(h);
    }

    /** Records held for the view. */
    synchronized int held() {
        return held;
    }

    /** Record identities kept to count each record once (0 once released). */
    synchronized int seen() {
        return seen == null ? 0 : seen.size();
    }

    /**
     * Drops the records held for the view and holds no more (they are still counted; the downloads read the topic):
     * what the console does with the job updated longest ago when all jobs together hold more than its budget.
     *
     * @return how many records were dropped
     */
    synchronized int release() {
        int dropped = held;
        byTable.clear();
        held = 0;
        seen = null; // released: no more identities, and no more records held
        return dropped;
    }

    /** Records read, each once. */
    synchronized long count() {
        return count;
    }

    /**
     * A page of one table's records, of the given pages only.
     *
     * @param table  the table id, or null/blank for the largest table (of those pages)
     * @param offset the first record, >= 0
     * @param limit  the most records, clamped to 1..500
     * @param pages  the page URLs whose records are shown and counted, or null for every page
     */
    synchronized RecordsPage page(String table, int offset, int limit, Set<String> pages) {
        List<RecordsPage.Table> all = pages == null ? everyTable() : tablesOf(pages);
        long total = all.stream().mapToLong(RecordsPage.Table::records).sum();
        String chosen = table == null || table.isBlank() ? (all.isEmpty() ? "" : all.get(0).id()) : table;
        List<ListRecord> rows = byTable.getOrDefault(chosen, List.of());
        if (pages != null) {
            rows = rows.stream().filter(r -> pages.contains(r.pageUrl())).toList();
        }
        List<String> columns = all.stream().filter(t -> t.id().equals(chosen)).findFirst()
                .map(RecordsPage.Table::names).orElse(List.of());
        int from = Math.min(Math.max(0, offset), rows.size());
        int to = Math.min(rows.size(), from + Math.max(1, Math.min(500, limit)));
        List<RecordsPage.Row> out = new ArrayList<>();
        for (ListRecord r : rows.subList(from, to)) {
            out.add(new RecordsPage.Row(r.pageUrl(), r.listId(), r.rowIndex(), RecordTables.cells(r, columns)));
        }
        return new RecordsPage(pages == null ? count : total, chosen, all, columns, rows.size(), from, out);
    }

    private List<RecordsPage.Table> everyTable() {
        List<RecordsPage.Table> all = new ArrayList<>();
        for (RecordTables.Summary s : tables.summaries()) {
            all.add(new RecordsPage.Table(s.id, s.names, s.records, s.pages.size()));
        }
        return all;
    }

    /** The tables of these pages' records, most records first (ties in the order of every table's). */
    private List<RecordsPage.Table> tablesOf(Set<String> pages) {
        Map<String, long[]> counts = new HashMap<>(); // table -> records, pages
        for (String page : pages) {
            perPage.getOrDefault(page, Map.of()).forEach((table, n) -> {
                long[] c = counts.computeIfAbsent(table, t -> new long[2]);
                c[0] += n;
                c[1]++;
            });
        }
        List<RecordsPage.Table> out = new ArrayList<>();
        for (RecordTables.Summary s : tables.summaries()) {
            long[] c = counts.get(s.id);
            if (c != null) {
                out.add(new RecordsPage.Table(s.id, s.names, c[0], (int) c[1]));
            }
        }
        out.sort((a, b) -> Long.compare(b.records(), a.records()));
        return out;
    }
}
