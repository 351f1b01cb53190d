package dev.shapecrawl.core.lists.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
 * @param id     the page's id (file name without extension)
 * @param source where the page comes from (package and path, or Maven coordinates)
 * @param file   the HTML file
 * @param lists  the labelled lists
 */
record LabelledPage(String id, String source, Path file, List<LabelledList> lists) {

    /**
     * A labelled list.
     *
     * @param name    a short description
     * @param kind    ul, ol, dl, br, p-run, div-run, table or other
     * @param split   true if the page splits it across sibling containers
     * @param records every record, as cells
     */
    record LabelledList(String name, String kind, boolean split, List<List<String>> records) {
        boolean table() {
            return kind.equals("table");
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
                    lists.add(new LabelledList(l.path("name").asText(), l.path("kind").asText(),
                            l.path("splitAcrossContainers").asBoolean(false), records));
                }
                pages.add(new LabelledPage(id, root.path("source").asText(), dir.resolve("pages/" + id + ".html"),
                        lists));
            }
            return pages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page parsed as a browser would: charset from BOM, meta or UTF-8; jsoup's HTML parser at depth 512. */
    Document parse() {
        try (InputStream in = Files.newInputStream(file)) {
            return DataUtil.load(in, null, "http://swle-eval.invalid/" + id + ".html",
                    Parser.htmlParser().setMaxDepth(512));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The source family: the part of the id before the first '-' (apache, python, kafka…). */
    String family() {
        int dash = id.indexOf('-');
        return dash < 0 ? id : id.substring(0, dash);
    }
}
