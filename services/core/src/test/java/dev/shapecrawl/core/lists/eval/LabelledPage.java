package dev.shapecrawl.core.lists.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shapecrawl.core.tree.HtmlTrees;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.helper.DataUtil;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

/**
 * One page of the hand-labelled list-extraction set ({@code src/test/resources/swle-eval}, its README gives the
 * sources and the labelling rules): the page as shipped and its structured lists, each with every record as cells.
 *
 * @param id        the page's id (file name without extension)
 * @param source    where the page comes from (package and path, or Maven coordinates)
 * @param generator the tool that generated the page, as the label names it
 * @param file      the HTML file
 * @param lists     the labelled lists
 */
record LabelledPage(String id, String source, String generator, Path file, List<LabelledList> lists) {

    /**
     * A labelled list.
     *
     * @param name    a short description
     * @param kind    ul, ol, dl, br, p-run, div-run, table or other
     * @param split   true if the page splits it across sibling containers
     * @param records every record, as cells
     * @param fields  the column names where the page names them (docs/lists.md §6), null entries for unnamed
     *                positions; null where the page names none
     */
    record LabelledList(String name, String kind, boolean split, List<List<String>> records, List<String> fields) {
        boolean table() {
            return kind.equals("table");
        }

        /** Whether the page names at least one of the list's columns. */
        boolean named() {
            return fields != null && fields.stream().anyMatch(f -> f != null && !f.isBlank());
        }
    }

    /** The set's directory: {@code src/test/resources/swle-eval}, or the system property {@code swle.eval.dir}. */
    static final Path DIR = Path.of(System.getProperty("swle.eval.dir", "src/test/resources/swle-eval"));

    /** Every labelled page of the set, by id. */
    static List<LabelledPage> all() {
        return all(DIR);
    }

    /** Every labelled page of the set in {@code dir} ({@code labels/} and {@code pages/}), by id. */
    static List<LabelledPage> all(Path dir) {
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(dir.resolve("labels"))) {
            List<LabelledPage> pages = new ArrayList<>();
            for (Path label : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                JsonNode root = json.readTree(label.toFile());
                String id = root.path("id").asText();
                List<LabelledList> lists = new ArrayList<>();
                for (JsonNode l : root.path("lists")) {
                    List<List<String>> records = new ArrayList<>();
                    for (JsonNode r : l.path("records")) {
                        List<String> cells = new ArrayList<>();
                        r.forEach(c -> cells.add(c.asText()));
                        records.add(cells);
                    }
                    List<String> fields = null;
                    if (l.path("fields").isArray()) {
                        fields = new ArrayList<>();
                        for (JsonNode f : l.path("fields")) {
                            fields.add(f.isNull() ? null : f.asText());
                        }
                    }
                    lists.add(new LabelledList(l.path("name").asText(), l.path("kind").asText(),
                            l.path("splitAcrossContainers").asBoolean(false), records, fields));
                }
                pages.add(new LabelledPage(id, root.path("source").asText(), root.path("generator").asText(),
                        dir.resolve("pages/" + id + ".html"), lists));
            }
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The page parsed as the extractor service parses a fetched page ({@link HtmlTrees#parse}): decoded in the
     * charset jsoup detects (BOM, meta or UTF-8), then jsoup's HTML parser at depth 512.
     */
    Document parse() {
        try (InputStream in = Files.newInputStream(file)) {
            String url = "http://swle-eval.invalid/" + id + ".html";
            Charset charset = DataUtil.load(in, null, url, Parser.htmlParser().setMaxDepth(512)).charset();
            return HtmlTrees.parse(new String(Files.readAllBytes(file), charset), url);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The generator family: the generator's first word, lower-cased, without punctuation (javadoc, sphinx, docbook,
     * doxygen…), so that versions of one tool count as one generator.
     */
    String generatorFamily() {
        String g = generator.strip().toLowerCase(java.util.Locale.ROOT);
        int end = 0;
        while (end < g.length() && (Character.isLetterOrDigit(g.charAt(end)) || g.charAt(end) == '-')) {
            end++;
        }
        return end == 0 ? "unknown" : g.substring(0, end);
    }

    /** The source family: the part of the id before the first '-' (apache, python, kafka…). */
    String family() {
        int dash = id.indexOf('-');
        return dash < 0 ? id : id.substring(0, dash);
    }
}
