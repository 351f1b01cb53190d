package dev.shapecrawl.core.eval;

import dev.shapecrawl.testkit.site.JavadocSite;

import dev.shapecrawl.core.similarity.RtdmTemplateSimilarity;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.Labeller;
import dev.shapecrawl.core.tree.TemplateLabeller;
import dev.shapecrawl.core.tree.TreeBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.opentest4j.TestAbortedException;

/**
 * The evaluation sites parsed once per JVM: every page of every site under {@code shapecrawl.eval.sites}
 * ({@code target/eval-sites}, unpacked by maven-dependency-plugin; see the module's pom), each page parsed once and
 * built into two trees sharing one dictionary per site: the seed's tag-only tree (for {@code rtdm-plain}) and
 * the {@link TemplateLabeller} tree (for {@code rtdm-template}).
 */
public final class EvalCorpus {

    /** Quantiles of target node count at which single samples are taken (0 = smallest, 1 = largest). */
    public static final double[] SAMPLE_QUANTILES = {0, 0.1, 0.25, 0.5, 0.75, 0.9, 1};

    /** One page of a site. */
    public record Page(String path, boolean target, int tagNodes, LabelledTree tagTree, LabelledTree templateTree) {
    }

    /** One site, parsed. */
    public record Site(String name, List<Page> pages, double parseSeconds) {
        /** The target pages by increasing tag-tree node count (ties by path). */
        public List<Page> targetsBySize() {
            return pages.stream().filter(Page::target)
                    .sorted(Comparator.comparingInt(Page::tagNodes).thenComparing(Page::path)).toList();
        }

        /** The single samples of the evaluation: targets at {@link #SAMPLE_QUANTILES} of node count. */
        public List<Page> samples() {
            List<Page> targets = targetsBySize();
            List<Page> out = new ArrayList<>();
            for (double q : SAMPLE_QUANTILES) {
                Page sample = targets.get((int) Math.round(q * (targets.size() - 1)));
                if (!out.contains(sample)) {
                    out.add(sample);
                }
            }
            return out;
        }
    }

    private static final Map<String, Site> CACHE = new LinkedHashMap<>();

    private EvalCorpus() {
    }

    /** The directory holding the unpacked sites. */
    public static Path sitesDirectory() {
        return Path.of(System.getProperty("shapecrawl.eval.sites", "target/eval-sites"));
    }

    /**
     * Every site, parsed (cached for the JVM).
     *
     * @throws TestAbortedException if the sites are not unpacked (run through Maven)
     */
    public static synchronized List<Site> sites() {
        Path directory = sitesDirectory();
        if (!Files.isDirectory(directory)) {
            throw new TestAbortedException("no evaluation sites at " + directory + "; run through Maven");
        }
        List<Site> out = new ArrayList<>();
        for (JavadocSite site : JavadocSite.loadAll(directory)) {
            out.add(CACHE.computeIfAbsent(site.name(), name -> parse(site)));
        }
        return out;
    }

    /**
     * The development sites of other generators given by {@code shapecrawl.eval.dirs} ({@link DirectorySites}),
     * parsed (cached for the JVM); empty if the property is unset.
     */
    public static synchronized List<Site> directorySites() {
        List<Site> out = new ArrayList<>();
        for (JavadocSite site : DirectorySites.fromProperty()) {
            out.add(CACHE.computeIfAbsent(site.name(), name -> parse(site)));
        }
        return out;
    }

    /**
     * The development sites of the opt-in reports: the javadoc sites ({@link #sites()}) unless {@code -DnoJavadoc=true},
     * then the directory sites ({@link #directorySites()}).
     */
    public static List<Site> developmentSites() {
        List<Site> out = new ArrayList<>();
        if (!Boolean.getBoolean("noJavadoc")) {
            out.addAll(sites());
        }
        out.addAll(directorySites());
        return out;
    }

    /**
     * Parses one site given with its ground truth (used for the held-out checks, which live outside
     * {@link #sitesDirectory()}); not cached.
     */
    public static Site parseSite(JavadocSite site) {
        return parse(site);
    }

    private static Site parse(JavadocSite site) {
        long start = System.nanoTime();
        LabelDictionary dictionary = new LabelDictionary();
        TreeBuilder tagBuilder = new TreeBuilder(dictionary, Labeller.tagOnly(), TreeBuilder.DEFAULT_MAX_NODES);
        TreeBuilder templateBuilder = new TreeBuilder(dictionary, new RtdmTemplateSimilarity().labeller(),
                TreeBuilder.DEFAULT_MAX_NODES);
        List<Page> pages = site.pages().parallelStream().map(page -> {
            try {
                // Javadoc pages declare UTF-8 or ISO-8859-1; structure does not depend on the decoding.
                String html = new String(Files.readAllBytes(site.root().resolve(page.path())), StandardCharsets.UTF_8);
                Document document = HtmlTrees.parse(html, null);
                LabelledTree tag = tagBuilder.build(document);
                return new Page(page.path(), page.target(), tag.nodeCount(), tag, templateBuilder.build(document));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).toList();
        return new Site(site.name(), pages, (System.nanoTime() - start) / 1e9);
    }
}
