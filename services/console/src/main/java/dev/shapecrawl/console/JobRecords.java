package dev.shapecrawl.console;

import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.RecordExport;
import dev.shapecrawl.events.RecordTables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One job's list records as the console holds them: counted by table ({@link RecordTables}, as
 * {@code shapecrawl records --by-list} counts them), each record once ({@link RecordExport.Selection}), and the
 * first {@code max} of them kept for the paged view. The downloads do not come from here: they read the topic
 * ({@link RecordDownloads}). Thread-safe (synchronized: one reader thread adds, requests read).
 */
final class JobRecords {
    private final RecordExport.Selection selection;
    private final RecordTables tables = new RecordTables();
    private final Map<String, List<ListRecord>> byTable = new LinkedHashMap<>();
    private final int max;
    private long count;
    private int held;
    private boolean released;

    /**
     * @param job the job
     * @param max the most records kept for the view (the rest are counted only), >= 0
     */
    JobRecords(String job, int max) {
        this.selection = new RecordExport.Selection(job, null);
        this.max = max;
    }

    /**
     * Adds one record of this job.
     *
     * @return whether it was a record not seen before
     */
    synchronized boolean add(ListRecord record) {
        return selection.accept(record).map(r -> {
            count++;
            tables.add(r);
            if (held < max && !released) {
                byTable.computeIfAbsent(RecordTables.id(r), t -> new ArrayList<>()).add(r);
                held++;
            }
            return true;
        }).orElse(false);
    }

    /** Records held for the view. */
    synchronized int held() {
        return held;
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
        released = true;
        return dropped;
    }

    /** Records read, each once. */
    synchronized long count() {
        return count;
    }

    /**
     * A page of one table's records.
     *
     * @param table  the table id, or null/blank for the largest table
     * @param offset the first record, >= 0
     * @param limit  the most records, clamped to 1..500
     */
    synchronized RecordsPage page(String table, int offset, int limit) {
        List<RecordsPage.Table> all = new ArrayList<>();
        for (RecordTables.Summary s : tables.summaries()) {
            all.add(new RecordsPage.Table(s.id, s.names, s.records, s.pages.size()));
        }
        String chosen = table == null || table.isBlank() ? (all.isEmpty() ? "" : all.get(0).id()) : table;
        List<ListRecord> rows = byTable.getOrDefault(chosen, List.of());
        List<String> columns = all.stream().filter(t -> t.id().equals(chosen)).findFirst()
                .map(RecordsPage.Table::names).orElse(List.of());
        int from = Math.min(Math.max(0, offset), rows.size());
        int to = Math.min(rows.size(), from + Math.max(1, Math.min(500, limit)));
        List<RecordsPage.Row> out = new ArrayList<>();
        for (ListRecord r : rows.subList(from, to)) {
            out.add(new RecordsPage.Row(r.pageUrl(), r.listId(), r.rowIndex(), RecordTables.cells(r, columns)));
        }
        return new RecordsPage(count, chosen, all, columns, rows.size(), from, out);
    }
}
