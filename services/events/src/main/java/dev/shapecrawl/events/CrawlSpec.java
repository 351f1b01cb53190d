package dev.shapecrawl.events;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A crawl specification: the site model as seed 001's intensive crawl uses it (Cibecchini 2017 §4.1; spec §4.2,
 * §4.6). Page classes joined by class links, each an XPath that selects, on any page of its source class, the links
 * to pages of its destination class. The crawl starts at the entry point as a page of {@link #startClass}, follows
 * every class link of a page's class, and gives each new URL the destination class of the link that reached it
 * first (the class is assigned at discovery; the crawl does not classify again). The pages of the
 * {@link #targetClasses} are the job's target pages in a crawl of a class ({@link #byClass}); otherwise the pages the
 * class links reach are decided by their structure against the job's threshold, as a crawl by a navigation pattern
 * decides them (a URL's class guides the crawl, it does not decide: see {@link #of}). Carried by
 * {@link CrawlSeed#spec()}: a job with a spec skips the mapping (seed 001's CrawlModeler "loads" a model instead of
 * generating one).
 *
 * <p>Written from a site model by {@link #of(SiteModelSnapshot)} ({@code shapecrawl model --export}) or by hand in
 * Appendix A's CSV ({@code shapecrawl crawl --spec FILE}). Form class links (subtype {@code form}) are not crawled
 * (yet): a spec refuses them.
 *
 * @param startClass    the class of the entry page, not blank
 * @param targetClasses the classes whose pages are target pages in a crawl of a class (at least one there), each a
 *                      destination of some class link; otherwise a record of the model's target classes
 * @param links         the class links, at least one, at most {@value #MAX_LINKS}
 * @param byClass       true: a page of a target class is a target by its class alone, the seed's intensive crawl of
 *                      a class ({@code crawl --class NAME}: every page the class links give that class); null or
 *                      false: its structure must also pass the job's threshold (see {@link #of})
 */
public record CrawlSpec(String startClass, List<String> targetClasses, List<Link> links, Boolean byClass) {
    /** The most class links a spec holds (a hand-written one has a few; an inferred one, one per class link). */
    public static final int MAX_LINKS = 1_000;
    /** The longest XPath a class link holds, in characters. */
    public static final int MAX_XPATH_CHARS = 2_000;
    /** The subtypes a crawl follows (Appendix A; {@code form} is not crawled yet). */
    public static final Set<String> SUBTYPES = Set.of("list", "menu", "singleton");

    public CrawlSpec {
        byClass = Boolean.TRUE.equals(byClass) ? Boolean.TRUE : null;
        Checks.nonBlank("startClass", startClass);
        targetClasses = Checks.list(targetClasses);
        links = Checks.list(links);
        if (links.isEmpty() || links.size() > MAX_LINKS) {
            throw new IllegalArgumentException("links: 1 to " + MAX_LINKS + " class links, were " + links.size());
        }
        if (targetClasses.isEmpty() && byClass != null) {
            throw new IllegalArgumentException("targetClasses: a crawl of a class (byClass) names its class");
        }
        if (links.stream().noneMatch(l -> l.source().equals(startClass))) {
            throw new IllegalArgumentException("startClass: no class link leaves class '" + startClass + "'");
        }
        for (String t : targetClasses) {
            Checks.nonBlank("targetClasses[]", t);
            if (links.stream().noneMatch(l -> l.destination().equals(t))) {
                throw new IllegalArgumentException("targetClasses: no class link leads to class '" + t + "'");
            }
        }
    }

    /** A spec whose targets are confirmed by structure ({@link #byClass} null). */
    public CrawlSpec(String startClass, List<String> targetClasses, List<Link> links) {
        this(startClass, targetClasses, links, null);
    }

    /** Whether a page of a target class is a target by its class alone ({@link #byClass}). */
    public boolean trustsClasses() {
        return Boolean.TRUE.equals(byClass);
    }

    /**
     * A class link: on a page of {@code source}, the elements {@code xpath} selects link (their {@code href}, or
     * {@code src} for a frame) to pages of {@code destination}.
     *
     * @param source      the source class
     * @param xpath       an XPath 1.0 expression (evaluated on the page's HTML, element and attribute names in
     *                    lower case), at most {@value #MAX_XPATH_CHARS} characters
     * @param destination the destination class
     * @param subtype     list, menu or singleton (seed 001 §2.3; the crawl follows them alike)
     */
    public record Link(String source, String xpath, String destination, String subtype) {
        public Link {
            Checks.nonBlank("source", source);
            for (String name : new String[] {source, destination}) {
                if (name != null && name.contains(ALTERNATIVES)) {
                    throw new IllegalArgumentException("class '" + name + "': a class name holds no '" + ALTERNATIVES
                            + "'");
                }
            }
            Checks.nonBlank("xpath", xpath);
            if (xpath.length() > MAX_XPATH_CHARS) {
                throw new IllegalArgumentException("xpath: at most " + MAX_XPATH_CHARS + " characters, was "
                        + xpath.length());
            }
            Checks.nonBlank("destination", destination);
            Checks.nonBlank("subtype", subtype);
            if (!SUBTYPES.contains(subtype)) {
                throw new IllegalArgumentException("subtype: one of list, menu, singleton (a form class link is not "
                        + "crawled yet), was '" + subtype + "'");
            }
        }
    }

    /**
     * How a page's class is written when the class link that reached it does not decide it: the destinations of the
     * class links that share its source and XPath (a menu to several classes), joined by this.
     */
    public static final String ALTERNATIVES = "|";

    /**
     * The class links that leave {@code pageClass}, in spec order; for alternatives ({@link #ALTERNATIVES}), those
     * that leave any of them.
     */
    public List<Link> linksFrom(String pageClass) {
        List<String> classes = classesOf(pageClass);
        return links.stream().filter(l -> classes.contains(l.source())).toList();
    }

    /** Whether pages of {@code pageClass} (one class, not alternatives) are target pages. */
    public boolean isTarget(String pageClass) {
        return targetClasses.contains(pageClass);
    }

    /**
     * The class a URL reached by {@code link} gets (seed 001 §4.2: assigned at discovery): its destination, or, when
     * other class links share its source and XPath and lead elsewhere (the thesis's menu with several destinations,
     * whose rule it leaves open, spec §4.2 [D]), those destinations in spec order joined by {@link #ALTERNATIVES}:
     * the page's own structure then decides (the classifier).
     */
    public String classFrom(Link link) {
        List<String> destinations = links.stream()
                .filter(l -> l.source().equals(link.source()) && l.xpath().equals(link.xpath()))
                .map(Link::destination).distinct().toList();
        return String.join(ALTERNATIVES, destinations);
    }

    /** The classes of a page class as written on a request: one, or alternatives ({@link #ALTERNATIVES}). */
    public static List<String> classesOf(String pageClass) {
        return List.of(pageClass.split(java.util.regex.Pattern.quote(ALTERNATIVES)));
    }

    /**
     * A site model's class links as a spec (seed 001 Appendix A: the same format for inferred and hand-written
     * models). Class {@code id} is named {@code class<id>}, and {@code class<id>-target} when it holds target pages
     * (the decision takes it or some of its pages); the start class is the class of the model's entry page (else the source of its first class link);
     * each class link's element path becomes an XPath ({@link #xpathOf}) from its last element with an id
     * ({@link #anchored}); its type, lower-cased, the subtype. The
     * start class's links come first.
     *
     * @throws IllegalArgumentException if the model has no class link or no target class reached by one
     */
    public static CrawlSpec of(SiteModelSnapshot model) {
        List<Link> links = linksOf(model);
        Set<String> targets = new LinkedHashSet<>();
        model.classes().stream().map(CrawlSpec::className).filter(n -> n.endsWith("-target"))
                .filter(t -> links.stream().anyMatch(l -> l.destination().equals(t))).forEach(targets::add);
        return new CrawlSpec(startClassOf(model), List.copyOf(targets), links);
    }

    /**
     * A site model's class links as spec rows, named and ordered as {@link #of} does, without checking that they
     * make a crawlable spec (an export of a model whose decision took no class still lists its class links).
     */
    public static List<Link> linksOf(SiteModelSnapshot model) {
        Map<Integer, String> names = new HashMap<>();
        model.classes().forEach(c -> names.put(c.id(), className(c)));
        String start = model.classes().isEmpty() ? null : startClassOf(model);
        List<Link> first = new ArrayList<>();
        List<Link> rest = new ArrayList<>();
        for (SiteModelSnapshot.ClassLink l : model.links()) {
            Link link = new Link(names.get(l.source()), anchored(xpathOf(l.path())), names.get(l.destination()),
                    l.type().toLowerCase(Locale.ROOT));
            (link.source().equals(start) ? first : rest).add(link);
        }
        first.addAll(rest);
        return first;
    }

    /** The class of the entry page; else the source of the first class link; else the first class. */
    private static String startClassOf(SiteModelSnapshot model) {
        Map<Integer, SiteModelSnapshot.PageClass> byId = new HashMap<>();
        model.classes().forEach(c -> byId.put(c.id(), c));
        return model.classes().stream().filter(c -> c.pages().contains(model.entryUrl())).findFirst()
                .or(() -> model.links().stream().findFirst().map(l -> byId.get(l.source())))
                .or(() -> model.classes().stream().findFirst()).map(CrawlSpec::className)
                .orElseThrow(() -> new IllegalArgumentException("the site model has no class"));
    }

    /**
     * {@code class<id>}, with {@code -target} when the class holds target pages: the decision takes it, or takes
     * some of its sampled pages. A spec crawl confirms each page of a target class by its structure, so a class where
     * targets are the minority is a target class of the spec: PostgreSQL's reference pages share classes with the
     * manual's chapters, and its model takes no class whole (8 of 200 sampled pages are targets).
     */
    private static String className(SiteModelSnapshot.PageClass c) {
        return "class" + c.id() + (c.target() || c.targetPages() > 0 ? "-target" : "");
    }

    /**
     * An absolute XPath of {@link #xpathOf} made relative to its last element with an {@code id} attribute, the way a
     * hand-written one anchors on a page region (Appendix A: {@code //div[@id="result"]/div[@class]/...}):
     * {@code /html/body/main/div[@id]/div[@class]/a} becomes {@code //div[@id]/div[@class]/a}. The wrappers above the
     * anchor vary between pages of one class: a javadoc package page without tabs lists its types one level higher
     * than one with tabs, and the full path, learnt from the pages the sample saw, missed a package's types (jsoup
     * 1.23.2: 104 of 117 targets). An XPath without an element with an id stays as it is.
     *
     * @param xpath an absolute XPath of element steps, as {@link #xpathOf} writes it
     * @return the XPath from its last anchor ({@code //} first), or {@code xpath}
     */
    public static String anchored(String xpath) {
        if (!xpath.startsWith("/") || xpath.startsWith("//")) {
            return xpath;
        }
        List<String> steps = new ArrayList<>();
        int from = 1;
        for (int slash : topLevelIndexes(xpath, '/')) {
            if (slash > 0) {
                steps.add(xpath.substring(from, slash));
                from = slash + 1;
            }
        }
        steps.add(xpath.substring(from));
        for (int i = steps.size() - 2; i >= 0; i--) {
            String step = steps.get(i);
            int bracket = step.indexOf('[');
            if (bracket > 0 && (step.startsWith("[@id]", bracket) || step.startsWith("[@id=", bracket))) {
                return "//" + String.join("/", steps.subList(i, steps.size()));
            }
        }
        return xpath;
    }

    /**
     * Where {@code target} stands in {@code xpath} outside brackets, parentheses and quotes (XPath's nesting).
     *
     * @return the indexes, in order
     */
    public static List<Integer> topLevelIndexes(String xpath, char target) {
        List<Integer> out = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < xpath.length(); i++) {
            char c = xpath.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '[' || c == '(') {
                depth++;
            } else if (c == ']' || c == ')') {
                depth--;
            } else if (c == target && depth == 0) {
                out.add(i);
            }
        }
        return out;
    }

    /**
     * An element path of the site model as an XPath 1.0 location path. The model writes a path in the thesis's
     * notation (docs/site-model.md): upper-case tags joined by {@code -}, each with its first attribute's name
     * ({@code DIV[@CLASS]}) or name and value ({@code DIV[@CLASS="List1"]}) where the lattice level puts them, and
     * {@code //} in front when tags were removed from the root side. In XPath the tags are lower case, a name alone
     * is an existence test ({@code div[@class]}: the element has that attribute, wherever it stands among the
     * element's attributes, where the model names the first one only) and a value an equality test. A path the model
     * wrote from the root gets a leading {@code /}. An element whose tag holds a hyphen (a custom element) cannot be
     * told from two steps in that notation, and is written as two.
     *
     * @param path e.g. {@code HTML[@LANG]-BODY-DIV[@CLASS="nav"]-A}
     * @return e.g. {@code /html[@lang]/body/div[@class="nav"]/a}
     */
    public static String xpathOf(String path) {
        boolean relative = path.startsWith("//");
        String rest = relative ? path.substring(2) : path;
        StringBuilder out = new StringBuilder(relative ? "//" : "/");
        int depth = 0;
        boolean quoted = false;
        boolean inTag = true;
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (quoted) {
                if (c == '\\' && i + 1 < rest.length()) {
                    out.append(rest.charAt(++i)); // the model escapes a quote in a value; XPath has no escapes
                    continue;
                }
                quoted = c != '"';
                out.append(c);
            } else if (c == '"') {
                quoted = true;
                out.append(c);
            } else if (c == '[') {
                depth++;
                inTag = false;
                out.append(c);
            } else if (c == ']') {
                depth--;
                out.append(c);
            } else if (c == '-' && depth == 0) {
                out.append('/');
                inTag = true;
            } else {
                // tags and attribute names are upper-cased by the model; XPath over HTML names them in lower case
                out.append(depth == 0 && inTag || depth > 0 && c != '=' ? Character.toLowerCase(c) : c);
            }
        }
        return out.toString();
    }
}
