package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Regroups a model's classes by the page-kind words many generators write on {@code <body class>} (shapecrawl's
 * addition to seed 001; docs/site-model.md "Kind markers").
 *
 * <p>Why: classes are inferred from the pages' paths at the default level of the expressiveness lattice (tags and
 * attribute names, spec §2.6), where kinds rendered by one template are one class (RDoc's class and module pages)
 * and one kind with optional sections can stay several (jsoup's type pages, whose consolidation distances rise
 * evenly). The lattice's value level on the one element every page has is where rustdoc ({@code rustdoc struct}),
 * RDoc ({@code class}, {@code module}) and javadoc 17+ ({@code class-declaration-page}) name each page's kind.
 *
 * <p>The rule, with no constant:
 * <ol>
 *   <li>A page's <b>kind</b> is the set of its marker's words (split at white space) that lie on more pages of the
 *       model than the markers have distinct words, and not on all pages. A word on every page is the site's theme
 *       ({@code rustdoc}); a kind is a word that recurs more often than the site has words, so a marker that names
 *       each page ({@code postid-42}, MediaWiki's {@code page-Main_Page}, hundreds of words on a 200-page sample)
 *       gives no kinds, while a generator's few kind words each name many pages. A page with no such word has no
 *       kind.</li>
 *   <li><b>Split</b>: each class is split by kind; its pages without a kind stay together.</li>
 *   <li><b>Merge</b>: two classes of the same kind merge, closest pair first by the seed's distance between their
 *       path schemas (eq. 3.1, {@link SchemaDistance}), while that distance is strictly below the distance from each
 *       of them to its nearest class of another kind or of none. So the parts of one kind merge where their
 *       structures lie nearer to each other than to any other kind (jsoup's type pages), and a word that rides on
 *       structurally different pages is no reason to merge them: cppreference's MediaWiki pages all carry
 *       {@code cpp-navbar} but the entry point, and the parts of each of their structures that also carry
 *       {@code cpp-page-template} lie nearer than any other class.</li>
 * </ol>
 * A model whose pages show fewer than two kinds is returned as it is: one word on all pages but a few (the entry
 * point of cppreference lacks {@code cpp-navbar}) is a flag, and every class of the site would be merged by it.
 * Deterministic: ties go to the first pair in class order,
 * and a merged class stays where the first of its parts was.
 */
public final class KindMarkers {
    private KindMarkers() {
    }

    /**
     * @param model the classes (after consolidation, {@link ClassConsolidation})
     * @return the classes split and merged by kind, or {@code model} itself when no page has a kind
     */
    public static List<PageClass> regroup(List<PageClass> model) {
        Map<SitePage, String> kinds = kinds(model);
        if (new HashSet<>(kinds.values()).size() < 2) {
            return model; // no kind, or one: a flag on most pages (cppreference's cpp-navbar), not a kind of page
        }
        List<PageClass> classes = new ArrayList<>();
        List<String> kindOf = new ArrayList<>();
        for (PageClass c : model) {
            Map<String, List<SitePage>> parts = new LinkedHashMap<>();
            for (SitePage p : c.pages()) {
                parts.computeIfAbsent(kinds.getOrDefault(p, ""), k -> new ArrayList<>()).add(p);
            }
            parts.forEach((kind, pages) -> {
                classes.add(new PageClass(pages));
                kindOf.add(kind);
            });
        }
        return merged(classes, kindOf);
    }

    /** Each page's kind (its words on more pages than there are words, not on all), for the pages that have one. */
    static Map<SitePage, String> kinds(List<PageClass> model) {
        Map<String, Integer> pagesPerWord = new HashMap<>();
        int pages = 0;
        for (PageClass c : model) {
            for (SitePage p : c.pages()) {
                pages++;
                for (String word : words(p)) {
                    pagesPerWord.merge(word, 1, Integer::sum);
                }
            }
        }
        int pagesOfAll = pages;
        long vocabulary = pagesPerWord.values().stream().filter(n -> n < pagesOfAll).count();
        Map<SitePage, String> out = new IdentityHashMap<>(); // a page by identity: hashing its collections is costly
        for (PageClass c : model) {
            for (SitePage p : c.pages()) {
                TreeSet<String> kind = new TreeSet<>();
                for (String word : words(p)) {
                    int n = pagesPerWord.get(word);
                    if (n > vocabulary && n < pages) {
                        kind.add(word);
                    }
                }
                if (!kind.isEmpty()) {
                    out.put(p, String.join(" ", kind));
                }
            }
        }
        return out;
    }

    /** Merges same-kind classes nearer to each other than to any class of another kind (the class comment's 3). */
    private static List<PageClass> merged(List<PageClass> classes, List<String> kindOf) {
        List<ClassConsolidation.Merge> merges = ClassConsolidation.agglomerate(classes, (i, j, d, gone) ->
                !kindOf.get(i).isEmpty() && kindOf.get(j).equals(kindOf.get(i))
                        && d[i][j] < nearestOtherKind(i, d, gone, kindOf)
                        && d[i][j] < nearestOtherKind(j, d, gone, kindOf));
        return List.copyOf(ClassConsolidation.replay(classes, merges));
    }

    /** The distance from class {@code i} to its nearest class of another kind (or of none); infinite when none. */
    private static double nearestOtherKind(int i, double[][] d, boolean[] gone, List<String> kindOf) {
        double nearest = Double.POSITIVE_INFINITY;
        for (int o = 0; o < d.length; o++) {
            if (o != i && !gone[o] && !kindOf.get(o).equals(kindOf.get(i))) {
                nearest = Math.min(nearest, d[i][o]);
            }
        }
        return nearest;
    }

    /** The distinct words of a page's marker, in order; none without a marker. */
    private static List<String> words(SitePage page) {
        if (page.marker() == null) {
            return List.of();
        }
        return List.of(page.marker().split(" ")).stream().distinct().toList();
    }
}
