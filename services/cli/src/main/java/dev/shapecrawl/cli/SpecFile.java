package dev.shapecrawl.cli;

import dev.shapecrawl.events.CrawlSpec;
import dev.shapecrawl.events.SiteModelSnapshot;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;

/**
 * A crawl specification in seed 001's exchange format (Cibecchini 2017, Appendix A; spec §4.6): the same rows for an
 * inferred model and a hand-written one. A row is a <b>class link</b> ({@code Source, link, XPath, Destination,
 * Subtype}, subtype {@code singleton}, {@code list}, {@code menu} or {@code form}) or a <b>data link</b> ({@code
 * Source, Type, XPath, Name}, type {@code string}, {@code url}, {@code img} or {@code form}). A {@code form} row's
 * XPath is a Form-XPath: {@code XPath{Form} ("," XPath{Field} ":" value)*}.
 *
 * <p>Files are written as RFC 4180 CSV (XPaths hold commas, so fields are quoted where needed: the spec's [D]
 * resolution "tab separation or quoted fields"). They are read as RFC 4180 CSV, or tab-separated when a line holds a
 * tab (the thesis's own listing). Blank lines and header rows (first field {@code Source}) are skipped. A malformed
 * line is refused with its line number, and nothing of the file is used.
 *
 * <p>Issue 19 item 6. Written by {@code ./shapecrawl model --job J --export FILE}, checked by {@code ./shapecrawl
 * spec FILE}, crawled by {@code ./shapecrawl crawl --spec FILE} ({@link #crawlSpec}).
 */
final class SpecFile {
    /** Subtypes of a class link row. */
    static final Set<String> LINK_SUBTYPES = Set.of("singleton", "list", "menu", "form");
    /** Types of a data link row. */
    static final Set<String> DATA_TYPES = Set.of("string", "url", "img", "form");

    private SpecFile() {
    }

    /**
     * A class link row.
     *
     * @param line        the line it was read from (1-based), 0 when written from a model
     * @param source      the source class's name
     * @param xpath       the link collection's XPath, or a Form-XPath with subtype {@code form}
     * @param destination the destination class's name
     * @param subtype     singleton, list, menu or form
     */
    record ClassLinkRow(int line, String source, String xpath, String destination, String subtype) {
    }

    /**
     * A data link row.
     *
     * @param line   the line it was read from (1-based)
     * @param source the class the data is extracted from
     * @param type   string, url, img or form (an action run on the class's pages)
     * @param xpath  where the value is, or a Form-XPath with type {@code form}
     * @param name   the value's name
     */
    record DataLinkRow(int line, String source, String type, String xpath, String name) {
    }

    /** A parsed specification: its class links and data links, in file order. */
    record Spec(List<ClassLinkRow> classLinks, List<DataLinkRow> dataLinks) {
        Spec {
            classLinks = List.copyOf(classLinks);
            dataLinks = List.copyOf(dataLinks);
        }
    }

    /**
     * The site model's class links as a specification ({@link CrawlSpec#linksOf}: a class is named {@code class<id>},
     * {@code class<id>-target} when it holds target pages; each class link is a row with its element path as
     * an XPath and its type as the subtype; the entry page's class's rows first, so that a crawl by the file starts
     * there).
     *
     * @return the CSV text, a header row first
     */
    static String write(SiteModelSnapshot model) {
        StringBuilder out = new StringBuilder();
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180)) {
            printer.printRecord("Source", "Type", "XPath", "Destination", "Subtype");
            for (CrawlSpec.Link l : CrawlSpec.linksOf(model)) {
                printer.printRecord(l.source(), "link", l.xpath(), l.destination(), l.subtype());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return out.toString();
    }

    /**
     * The crawl spec of a file, for {@code crawl --spec}: its class links (data links are not used: records come from
     * SWLE), its start class, and its target classes: the class of {@code crawl --class}, whose pages are the targets
     * by their class alone, or else the classes named {@code *-target} (as an export names them; the job's threshold
     * decides then).
     *
     * @param file       the specification
     * @param startClass the entry page's class, or null for the source of the first class link
     * @param crawlClass the class to crawl ({@code --class}), or null
     * @throws CliException (bad input, exit 2) if the file cannot be read or parsed, a class link is a form's (not
     *                      crawled yet), an XPath does not compile, or the classes do not make a spec
     */
    static CrawlSpec crawlSpec(Path file, String startClass, String crawlClass) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException | UncheckedIOException e) {
            throw CliException.badInput("cannot read --spec " + file + ": " + e.getMessage());
        }
        Spec spec = parse(file.toString(), text);
        List<CrawlSpec.Link> links = new ArrayList<>();
        XPath compiler = XPathFactory.newInstance().newXPath();
        for (ClassLinkRow r : spec.classLinks()) {
            String where = file + " line " + r.line() + ": ";
            if (r.subtype().equals("form")) {
                throw CliException.badInput(where + "a form class link (subtype form) is not crawled yet; a crawl by a "
                        + "spec follows list, menu and singleton class links");
            }
            try {
                compiler.compile(r.xpath());
            } catch (XPathExpressionException e) {
                throw CliException.badInput(where + "the XPath '" + r.xpath() + "' does not compile: "
                        + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()));
            }
            links.add(new CrawlSpec.Link(r.source(), r.xpath(), r.destination(), r.subtype()));
        }
        if (links.isEmpty()) {
            throw CliException.badInput(file + ": no class link row to crawl by");
        }
        String start = startClass != null ? startClass : links.get(0).source();
        List<String> targets = crawlClass != null ? List.of(crawlClass) : links.stream()
                .map(CrawlSpec.Link::destination).filter(d -> d.endsWith("-target")).distinct().toList();
        try {
            return new CrawlSpec(start, targets, links, crawlClass != null);
        } catch (IllegalArgumentException e) {
            throw CliException.badInput(file + ": " + e.getMessage());
        }
    }

    /**
     * Reads a specification.
     *
     * @param name a name for the file in messages
     * @param text its content
     * @return the rows
     * @throws CliException (bad input, exit 2) naming the file, the line and what is wrong, for the first malformed line
     */
    static Spec parse(String name, String text) {
        CSVFormat format = (text.indexOf('\t') >= 0 ? CSVFormat.TDF : CSVFormat.RFC4180).builder()
                .setIgnoreEmptyLines(true).setTrim(true).get();
        List<ClassLinkRow> links = new ArrayList<>();
        List<DataLinkRow> data = new ArrayList<>();
        try (Reader reader = new StringReader(text); CSVParser parser = CSVParser.parse(reader, format)) {
            for (CSVRecord r : parser) {
                int line = lineAt(text, r.getCharacterPosition()); // where it starts: a quoted field may span lines
                if (r.size() == 1 && r.get(0).isEmpty() || r.get(0).equalsIgnoreCase("source")) {
                    continue;
                }
                row(name, line, r, links, data);
            }
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            throw CliException.badInput(name + ": not readable as CSV: " + e.getMessage());
        }
        if (links.isEmpty() && data.isEmpty()) {
            throw CliException.badInput(name + ": no class link or data link row");
        }
        return new Spec(links, data);
    }

    /** The 1-based line of character {@code offset}. */
    private static int lineAt(String text, long offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            line += text.charAt(i) == '\n' ? 1 : 0;
        }
        return line;
    }

    private static void row(String name, int line, CSVRecord r, List<ClassLinkRow> links, List<DataLinkRow> data) {
        String where = name + " line " + line + ": ";
        if (r.size() < 4) {
            throw CliException.badInput(where + "a row has 4 fields (Source, Type, XPath, Name) or 5 (Source, link, "
                    + "XPath, Destination, Subtype); this one has " + r.size());
        }
        String source = required(where, "Source", r.get(0));
        String type = r.get(1).toLowerCase(Locale.ROOT);
        String xpath = required(where, "XPath", r.get(2));
        if (type.equals("link")) {
            if (r.size() != 5) {
                throw CliException.badInput(where + "a class link row has 5 fields (Source, link, XPath, Destination, "
                        + "Subtype); this one has " + r.size());
            }
            String subtype = r.get(4).toLowerCase(Locale.ROOT);
            if (!LINK_SUBTYPES.contains(subtype)) {
                throw CliException.badInput(where + "subtype '" + r.get(4) + "' is not one of singleton, list, menu, "
                        + "form");
            }
            checkXPath(where, xpath, subtype.equals("form"));
            links.add(new ClassLinkRow(line, source, xpath, required(where, "Destination", r.get(3)), subtype));
        } else if (DATA_TYPES.contains(type)) {
            if (r.size() != 4) {
                throw CliException.badInput(where + "a data link row has 4 fields (Source, Type, XPath, Name); this one "
                        + "has " + r.size());
            }
            checkXPath(where, xpath, type.equals("form"));
            data.add(new DataLinkRow(line, source, type, xpath, required(where, "Name", r.get(3))));
        } else {
            throw CliException.badInput(where + "type '" + r.get(1) + "' is not link, string, url, img or form");
        }
    }

    private static String required(String where, String field, String value) {
        if (value.isEmpty()) {
            throw CliException.badInput(where + field + " is empty");
        }
        return value;
    }

    /**
     * An XPath starts with {@code /}, {@code .} or {@code (}; a Form-XPath is one followed by {@code ,field:value}
     * parts, split at the commas outside brackets, parentheses and quotes.
     */
    private static void checkXPath(String where, String xpath, boolean form) {
        List<String> parts = form ? topLevel(xpath) : List.of(xpath);
        if (!looksLikeXPath(parts.get(0))) {
            throw CliException.badInput(where + "'" + parts.get(0) + "' is not an XPath (it starts with /, . or ()");
        }
        for (String field : parts.subList(1, parts.size())) {
            int colon = lastTopLevelColon(field);
            if (colon <= 0 || !looksLikeXPath(field.substring(0, colon).trim())) {
                throw CliException.badInput(where + "form field '" + field + "' is not XPath{Field}:value");
            }
        }
    }

    private static boolean looksLikeXPath(String s) {
        return !s.isEmpty() && (s.charAt(0) == '/' || s.charAt(0) == '.' || s.charAt(0) == '(');
    }

    /** {@code s} split at the commas outside brackets, parentheses and quotes. */
    static List<String> topLevel(String s) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int comma : topLevelIndexes(s, ',')) {
            out.add(s.substring(from, comma).trim());
            from = comma + 1;
        }
        out.add(s.substring(from).trim());
        return out;
    }

    private static int lastTopLevelColon(String s) {
        List<Integer> colons = topLevelIndexes(s, ':');
        return colons.isEmpty() ? -1 : colons.get(colons.size() - 1);
    }

    private static List<Integer> topLevelIndexes(String s, char target) {
        return CrawlSpec.topLevelIndexes(s, target);
    }
}
