package dev.shapecrawl.console;

import java.util.List;

/**
 * One page of a job's list records: one table's rows under its column names.
 *
 * @param total   the job's records, each once, every table (of the latest run's target pages when the status says
 *                when the run started)
 * @param table   the table shown (its id, {@code RecordTables.id}), or "" when there is none yet
 * @param tables  every table of the job, most records first
 * @param columns the shown table's column names
 * @param held    the shown table's records held for the view (a table larger than the console's limit shows its
 *                first ones; the downloads have them all)
 * @param offset  the first row's position among those held
 * @param rows    at most the requested number
 */
public record RecordsPage(long total, String table, List<Table> tables, List<String> columns, int held, int offset,
                          List<Row> rows) {
    /**
     * A table: records sharing their column names.
     *
     * @param id      its id
     * @param names   its column names
     * @param records its records
     * @param pages   the pages they come from
     */
    public record Table(String id, List<String> names, long records, int pages) {
    }

    /**
     * A record.
     *
     * @param pageUrl  the target page it was extracted from
     * @param listId   its list
     * @param rowIndex its row in the list, >= 0
     * @param cells    its cells, one per column ("" where it has none)
     */
    public record Row(String pageUrl, String listId, int rowIndex, List<String> cells) {
    }
}
