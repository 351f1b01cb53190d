package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * An in-memory hidden database behind a GET search form, for comparing TP, ITP and ITTP. 5,000 records generated
 * with a fixed seed, with skew and correlated fields: category Zipf-distributed over 8 values, region tied to the
 * category (70% in the category's two home regions), year skewed to recent ones, titles of 3 words from a 120-word
 * Zipf vocabulary. The form: selects {@code category} (8), {@code region} (6), {@code year} (10 plus 1900, which
 * makes the server fail), a text box {@code q} matching a title word, a presentation select {@code per} (results
 * per page, default 20) and a hidden input. A query is the conjunction of the bound fields; the first result page
 * shows the first {@code per} matches by id.
 */
final class SimulatedBackend implements FormBackend {
    static final String[] CATEGORIES = {"fiction", "history", "science", "travel", "poetry", "cooking", "art",
        "law"};
    static final String[] REGIONS = {"north", "south", "east", "west", "centre", "islands"};
    static final int[] YEARS = {2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019};

    record Row(int id, String category, String region, int year, List<String> title) {
        String text() {
            return "#" + id + " " + String.join(" ", title) + " | " + category + " | " + region + " | " + year;
        }
    }

    final List<Row> rows = new ArrayList<>();
    final List<String> vocabulary = new ArrayList<>();

    SimulatedBackend(int records, long seed) {
        Random rnd = new Random(seed);
        String[] syllables = {"ka", "lo", "mi", "ra", "to", "ve", "su", "ne", "di", "pa", "go", "ri"};
        while (vocabulary.size() < 120) {
            String w = syllables[rnd.nextInt(12)] + syllables[rnd.nextInt(12)] + syllables[rnd.nextInt(12)];
            if (!vocabulary.contains(w)) {
                vocabulary.add(w);
            }
        }
        for (int id = 1; id <= records; id++) {
            int c = zipf(rnd, CATEGORIES.length);
            int r = rnd.nextDouble() < 0.7 ? (c + rnd.nextInt(2)) % REGIONS.length : rnd.nextInt(REGIONS.length);
            int y = YEARS.length - 1 - Math.min(YEARS.length - 1, (int) (-Math.log(1 - rnd.nextDouble()) * 3));
            List<String> title = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                title.add(vocabulary.get(zipf(rnd, vocabulary.size())));
            }
            rows.add(new Row(id, CATEGORIES[c], REGIONS[r], YEARS[y], title));
        }
    }

    /** An index 0..n-1 with probability proportional to 1/(i+1). */
    private static int zipf(Random rnd, int n) {
        double total = 0;
        for (int i = 1; i <= n; i++) {
            total += 1.0 / i;
        }
        double x = rnd.nextDouble() * total;
        for (int i = 1; i <= n; i++) {
            x -= 1.0 / i;
            if (x <= 0) {
                return i - 1;
            }
        }
        return n - 1;
    }

    static FormInfo form() {
        List<FormInfo.Field> fields = new ArrayList<>();
        fields.add(new FormInfo.Field("hidden", "src", List.of(), "form", "", false));
        fields.add(Forms.select("category", CATEGORIES));
        fields.add(Forms.select("region", REGIONS));
        List<String> years = new ArrayList<>();
        for (int y : YEARS) {
            years.add(String.valueOf(y));
        }
        years.add("1900");
        fields.add(Forms.select("year", years.toArray(String[]::new)));
        fields.add(new FormInfo.Field("text", "q", List.of(), "", "Title words", false));
        fields.add(new FormInfo.Field("select", "per", List.of(new FormInfo.Option("10", "10"),
                new FormInfo.Option("20", "20"), new FormInfo.Option("50", "50")), "20", "Results per page", false));
        fields.add(Forms.field("submit", "go", "Search"));
        return new FormInfo("http://books.test/search", HttpMethod.GET, null, fields);
    }

    /** The text of the page holding the form. */
    static String formPageText() {
        return "Book finder. Search our catalogue of books by category, region and year. Category Region Year "
                + "Title words Results per page Search";
    }

    @Override
    public ProbeResult answer(Map<String, String> p) {
        String category = p.getOrDefault("category", "");
        String region = p.getOrDefault("region", "");
        String year = p.getOrDefault("year", "");
        String q = p.getOrDefault("q", "").toLowerCase(Locale.ROOT);
        if (year.equals("1900")) {
            return ProbeResult.errorPage();
        }
        int per = Integer.parseInt(p.getOrDefault("per", "20"));
        List<String> page = new ArrayList<>();
        for (Row row : rows) {
            if ((category.isEmpty() || row.category.equals(category)) && (region.isEmpty() || row.region.equals(region))
                    && (year.isEmpty() || String.valueOf(row.year).equals(year))
                    && (q.isEmpty() || row.title.contains(q))) {
                page.add(row.text());
                if (page.size() == per) {
                    break;
                }
            }
        }
        return ProbeResult.ofRecords(page);
    }
}
