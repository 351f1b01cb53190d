package dev.shapecrawl.events;

import org.apache.commons.csv.CSVFormat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A job's list records as tables (issue 20): one table per set of column names the page gives (per list identity
 * where the names are positional), so that "the method table of every class page" is one dataset across the site.
 * Records of one table share their columns: the names come from the page, or are positional ({@code c1},
 * {@code c2}…, fixed by the identity's slots), the same on every page. {@code records --by-list} counts the tables, {@code records --table ID} selects one, and
 * {@code records --format csv} writes a header of the names; the console's tables and downloads are the same
 * ({@link RecordExport}). Pure; not thread-safe (a summary accumulates).
 */
public final class RecordTables {
    private static final Pattern POSITIONAL = Pattern.compile("c[0-9]+");

    /** The columns before a record's named cells in CSV. */
    public static final List<String> PREFIX = List.of("page_url", "list_id", "row_index");

    private final Map<String, Summary> tables = new LinkedHashMap<>();

    /** One table's counts. */
    public static final class Summary {
        /** The table's id ({@link RecordTables#id}). */
        public final String id;
        /** Its column names. */
        public final List<String> names;
        /** Its records counted so far. */
        public long records;
        /** The pages its records come from. */
        public final Set<String> pages = new HashSet<>();
        /** The list identities its records have, first met first. */
        public final Set<String> identities = new LinkedHashSet<>();

        Summary(String id, List<String> names) {
            this.id = id;
            this.names = names;
        }
    }

    /**
     * Counts a record in its table.
     *
     * @return the table's id ({@link #id})
     */
    public String add(ListRecord r) {
        Summary s = tables.computeIfAbsent(id(r), id -> new Summary(id, names(r)));
        s.records++;
        s.pages.add(r.pageUrl());
        s.identities.add(r.listIdentity());
        return s.id;
    }

    /** The tables, most records first (ties: first met first). */
    public List<Summary> summaries() {
        List<Summary> out = new ArrayList<>(tables.values());
        out.sort((a, b) -> Long.compare(b.records, a.records));
        return out;
    }

    /**
     * A record's table id: 8 hex digits of SHA-256 over its column names, and over its list identity too where
     * every name is positional. Names the page gives say what a column holds whatever separators cut the cells
     * (a method table whose rows are cut alike on one page and otherwise on another is still one table);
     * positional names mean something only within one identity. The same on every page and every run.
     */
    public static String id(ListRecord r) {
        List<String> names = names(r);
        boolean positional = names.stream().allMatch(n -> POSITIONAL.matcher(n).matches());
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] digest = sha.digest(((positional ? r.listIdentity() : "") + "\n" + String.join("\u0000", names))
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** A record's column names: its {@code fields}' keys, or {@code c1}… by position for a record without them. */
    public static List<String> names(ListRecord r) {
        if (r.fields() != null) {
            return List.copyOf(r.fields().keySet());
        }
        List<String> out = new ArrayList<>(r.cells().size());
        for (int i = 1; i <= r.cells().size(); i++) {
            out.add("c" + i);
        }
        return out;
    }

    /** The union of the records' names, in the order first met. */
    public static List<String> union(List<ListRecord> records) {
        Set<String> out = new LinkedHashSet<>();
        records.forEach(r -> out.addAll(names(r)));
        return List.copyOf(out);
    }

    /** The CSV header for these names: {@link #PREFIX}, then the names. */
    public static String header(List<String> names) {
        List<String> all = new ArrayList<>(PREFIX);
        all.addAll(names);
        return csvLine(all);
    }

    /**
     * One record as a CSV row under the header of {@code names}: page URL, list id, row index, then its cell for
     * each name (empty where it has none).
     *
     * @return the row; cells under names not in {@code names} are left out
     */
    public static String row(ListRecord r, List<String> names) {
        List<String> values = new ArrayList<>(List.of(r.pageUrl(), r.listId(), String.valueOf(r.rowIndex())));
        values.addAll(cells(r, names));
        return csvLine(values);
    }

    /**
     * A record's cells under {@code names}: its cell for each name, {@code ""} where it has none (cells under names
     * not in {@code names} are left out).
     */
    public static List<String> cells(ListRecord r, List<String> names) {
        List<String> own = names(r);
        List<String> out = new ArrayList<>(names.size());
        for (String n : names) {
            int i = own.indexOf(n);
            out.add(i < 0 ? "" : r.cells().get(i));
        }
        return out;
    }

    /** Values as one RFC 4180 line (commons-csv, as the CLI's crawl specifications are written): a value is quoted where it must be. */
    public static String csvLine(List<String> values) {
        return CSVFormat.RFC4180.format(values.toArray());
    }
}
