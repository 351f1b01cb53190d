package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.core.eval.DirectorySites;
import dev.shapecrawl.testkit.site.JavadocSite;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whether the section labels of Doxygen pages tell the page kinds apart that the structural similarity cannot
 * (docs/evaluation.md "Held out, fifth run": a namespace, group or file page is the class page's template with
 * other member tables). A measurement of a signal, not a rule of the crawler: nothing here is used by a job.
 *
 * <p>A page's <i>labels</i> are the texts of its {@code h1}–{@code h4} elements shorter than 64 characters (seed
 * 001's text collections, spec §2.2, footnote of §4.2.2.2), whitespace collapsed. The <i>vocabulary</i> of the
 * sample's kind is the set of labels carried by at least two of its pages: the invariant texts of a class schema
 * (spec §2.4, "identical in at least two pages of the class"). The truth, never our output, is the kind Doxygen's
 * file name gives ({@link RealSiteClassQualityTest#doxygenKind}), the compound pages split by their prefix
 * ({@code class}, {@code struct}, {@code union}) since the targets of the evaluation are class and struct pages.
 *
 * <p>For every kind the report counts the pages that carry a label outside the vocabulary, that is the pages a
 * rule "a page with a label its kind never shows is not of that kind" would set apart, in two forms (only the
 * labels some other page of the site carries count; a label on one page alone is that page's data):
 * <ul>
 *   <li><b>kind's vocabulary</b>: learnt from every class/struct/union page of the site, an upper bound on what
 *       the signal can give (a crawl knows only the pages it sampled);</li>
 *   <li><b>sample's labels</b>: learnt from the one sample page alone (the target of median file size, as
 *       {@code FirstRunReport} picks it), what one sample knows;</li>
 *   <li><b>ten pages' labels</b>: every label of {@value #FEW} class/struct/union pages drawn at random, about
 *       what a small sampled mapping's targets know (jsoncpp's and cppunit's first runs decide on 8 and 6); the
 *       mean over {@value #DRAWS} draws (a fixed seed, so the figures repeat).</li>
 * </ul>
 * Asserted: every page of the site is counted once, and the claims docs/evaluation.md makes of the figures
 * ("Section labels") hold on each site given: the kind's vocabulary sets apart every namespace page and fewer than
 * a tenth of the class, struct and union pages, while the sample's labels alone set apart more than half of them.
 *
 * <p>Opt-in ({@code -Dshapecrawl.eval.labels=true}, the Doxygen sites of {@code shapecrawl.eval.dirs}); seconds.
 */
@EnabledIfSystemProperty(named = "shapecrawl.eval.labels", matches = "true")
class SectionLabelsReport {

    /** Seed 001's bound on the texts of a text collection: strictly shorter (spec §2.2). */
    private static final int MAX_TEXT = 64;
    /** Pages per draw of the third form. */
    private static final int FEW = 10;
    /** Draws of the third form. */
    private static final int DRAWS = 50;

    @Test
    void sectionLabelsOfDoxygenKinds() {
        List<JavadocSite> sites = DirectorySites.fromProperty().stream()
                .filter(s -> s.pages().stream().anyMatch(p -> p.path().equals("annotated.html"))).toList();
        assertFalse(sites.isEmpty(), "no Doxygen site in shapecrawl.eval.dirs");
        StringBuilder out = new StringBuilder("| site | kind | pages | set apart by the kind's vocabulary"
                + " | set apart by the sample's labels | set apart by ten pages' labels (mean) |\n|---|---|---|---|---|---|\n");
        System.out.print(out);
        out.setLength(0);
        for (JavadocSite site : sites) {
            Map<String, Set<String>> labels = new TreeMap<>();
            Map<String, String> kinds = new HashMap<>();
            for (JavadocSite.Page page : site.pages()) {
                labels.put(page.path(), labels(site, page.path()));
                kinds.put(page.path(), kind(page.path()));
            }
            invariant(labels);
            String sample = DirectorySites.medianTarget(site);
            Set<String> vocabulary = vocabulary(labels, kinds);
            Set<String> sampleLabels = labels.get(sample);
            List<Set<String>> draws = draws(labels, kinds);
            Map<String, int[]> rows = new TreeMap<>();
            Map<String, Double> fromFew = new TreeMap<>();
            labels.forEach((path, own) -> {
                int[] row = rows.computeIfAbsent(kinds.get(path), k -> new int[3]);
                row[0]++;
                row[1] += vocabulary.containsAll(own) ? 0 : 1;
                row[2] += sampleLabels.containsAll(own) ? 0 : 1;
                double apart = draws.stream().filter(v -> !v.containsAll(own)).count() / (double) DRAWS;
                fromFew.merge(kinds.get(path), apart, Double::sum);
            });
            assertEquals(site.pages().size(), rows.values().stream().mapToInt(r -> r[0]).sum(), site.name());
            out.append("sample of ").append(site.name()).append(": ").append(sample).append('\n');
            rows.forEach((kind, r) -> out.append("| ").append(site.name()).append(" | ").append(kind).append(" | ").append(r[0]).append(" | ").append(r[1]).append(" | ")
                    .append(r[2]).append(" | ").append(String.format(Locale.ROOT, "%.1f", fromFew.get(kind)))
                    .append(" |\n"));
            System.out.print(out);
            out.setLength(0);
            int[] namespaces = rows.getOrDefault("namespace", new int[3]);
            assertEquals(namespaces[0], namespaces[1], site.name() + ": a namespace page within the vocabulary");
            int[] compound = new int[3];
            rows.forEach((kind, r) -> {
                if (kind.startsWith("compound:")) {
                    Arrays.setAll(compound, i -> compound[i] + r[i]);
                }
            });
            assertTrue(compound[1] * 10 < compound[0], site.name() + ": the kind's vocabulary sets apart a tenth or more of its pages");
            assertTrue(compound[2] * 2 > compound[0], site.name() + ": the sample's labels set apart half or fewer of its kind's pages");
        }
    }

    /**
     * Keeps of each page's labels those that some other page of the site carries too: a label on one page alone
     * (a member's heading, a page's own title) is data, not a label of its kind (spec §2.4).
     */
    private static void invariant(Map<String, Set<String>> labels) {
        Map<String, Integer> pagesWith = new HashMap<>();
        labels.values().forEach(own -> own.forEach(l -> pagesWith.merge(l, 1, Integer::sum)));
        labels.values().forEach(own -> own.removeIf(l -> pagesWith.get(l) < 2));
    }

    /** {@value #DRAWS} vocabularies, each every label of {@value #FEW} class, struct or union pages drawn at random. */
    private static List<Set<String>> draws(Map<String, Set<String>> labels, Map<String, String> kinds) {
        List<String> compound = labels.keySet().stream().filter(p -> kinds.get(p).startsWith("compound:")).toList();
        Random random = new Random(0);
        List<Set<String>> out = new ArrayList<>();
        for (int d = 0; d < DRAWS; d++) {
            List<String> shuffled = new ArrayList<>(compound);
            Collections.shuffle(shuffled, random);
            Set<String> vocabulary = new HashSet<>();
            shuffled.stream().limit(FEW).forEach(p -> vocabulary.addAll(labels.get(p)));
            out.add(vocabulary);
        }
        return out;
    }

    /** The labels on at least two class, struct or union pages (the invariant texts of their class schema). */
    private static Set<String> vocabulary(Map<String, Set<String>> labels, Map<String, String> kinds) {
        Map<String, Integer> pagesWith = new HashMap<>();
        labels.forEach((path, own) -> {
            if (kinds.get(path).startsWith("compound:")) {
                own.forEach(l -> pagesWith.merge(l, 1, Integer::sum));
            }
        });
        Set<String> out = new LinkedHashSet<>();
        pagesWith.forEach((l, n) -> {
            if (n >= 2) {
                out.add(l);
            }
        });
        return out;
    }

    /** Doxygen's kind by file name, the compound pages by their prefix. */
    private static String kind(String path) {
        String kind = RealSiteClassQualityTest.doxygenKind(path);
        return kind.equals("compound") ? "compound:" + path.replaceFirst("^(class|struct|union).*", "$1") : kind;
    }

    private static Set<String> labels(JavadocSite site, String path) {
        String html;
        try {
            html = Files.readString(site.root().resolve(path), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Set<String> out = new LinkedHashSet<>();
        for (Element heading : Jsoup.parse(html).select("h1, h2, h3, h4")) {
            String text = heading.text().trim();
            if (!text.isEmpty() && text.length() < MAX_TEXT) {
                out.add(text);
            }
        }
        return out;
    }
}
