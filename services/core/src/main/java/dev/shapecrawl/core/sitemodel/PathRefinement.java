package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.PageCollections;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Path refinement on the expressiveness lattice (spec §2.6 and §3.5, thesis §3.3.3): a link collection formed at the
 * default level is made <em>more specific</em> when its sampled pages fall into several candidate classes, in the
 * hope that a more specific path isolates homogeneous groups, and <em>more general</em> when it holds one link, in
 * the hope that a more general path gathers more.
 *
 * <p>Where the thesis and the spec leave it open, this class takes these readings:
 * <ul>
 *   <li><b>More specific</b> ([D] of spec §3.5): the values of the first attributes are added root to leaf, as the
 *       lattice orders them ({@link ElementPath}); a refinement goes to the first level whose values split the
 *       collection (levels that select the same URLs are steps of the chain that change nothing), and <em>all</em>
 *       the collection's URLs are re-partitioned at it, every part a new collection, so no link is lost.</li>
 *   <li><b>More general</b>: from the default level straight to the tags alone (level 1), then tags removed from the
 *       root side (the descendant axis, spec §2.6 [D]) until a version selects more than the one link on its source
 *       page. The intermediate levels that drop one attribute name at a time are not walked: telling which step a
 *       name belongs to across two paths needs the steps, which a path string keeps only up to a tag with a hyphen
 *       (a custom element), the same limit as {@code CrawlSpec.xpathOf}.</li>
 *   <li>Loop protection ([D]): a generalised collection is not made more specific again, and the caller never queues
 *       the same (source page, path version) twice.</li>
 * </ul>
 * Schemas stay at the default level (spec §3.5's mitigation of the "known side effect": refined paths would split
 * classes); a refined path is what a class link is written with.
 */
final class PathRefinement {
    private PathRefinement() {
    }

    /**
     * One version of a link collection's path.
     *
     * @param base    the collection's path at the default level
     * @param prefix  the values of the first {@code prefix.size()} attributed steps (root to leaf) that this version
     *                adds; empty for the default level and for a generalised version
     * @param general 0, or how far this version is generalised: 1 the tags alone, 1 + r the tags without the first
     *                r from the root (descendant axis)
     */
    record Version(String base, List<String> prefix, int general) {
        Version {
            prefix = List.copyOf(prefix);
        }

        /** The default level of {@code base}. */
        static Version of(String base) {
            return new Version(base, List.of(), 0);
        }

        boolean isDefault() {
            return prefix.isEmpty() && general == 0;
        }

        /** The path in the thesis's notation ({@code HTML-DIV[@CLASS="List1"]-UL[@CLASS]-LI-A}, {@code //UL-LI-A}). */
        String path() {
            if (general > 0) {
                List<String> tags = tags(base);
                return general == 1 ? String.join("-", tags)
                        : "//" + String.join("-", tags.subList(general - 1, tags.size()));
            }
            return withValues(base, prefix);
        }

        /** The URLs this version selects on {@code page}, in the page's collection order, without repeats. */
        List<String> select(SitePage page) {
            if (general > 0) {
                return List.copyOf(gathered(page, PathRefinement::tags, tags(base), general));
            }
            List<String> urls = page.links().get(base);
            if (urls == null) {
                return List.of();
            }
            if (prefix.isEmpty()) {
                return urls;
            }
            PageCollections.LinkValues values = page.values().get(base);
            if (values == null) {
                return List.of(); // the page's links there have no values: none can equal the prefix's
            }
            List<Boolean> ids = ids(base);
            List<String> out = new ArrayList<>();
            for (int i = 0; i < urls.size(); i++) {
                if (valuesOf(values, ids, i, prefix.size()).equals(prefix)) {
                    out.add(urls.get(i));
                }
            }
            return out;
        }
    }

    /**
     * The collection made more specific: {@code urls} (at {@code version} on {@code source}) re-partitioned at the
     * first more specific level that puts the sampled pages of different candidate classes in different parts. Two
     * readings of shapecrawl's where the spec says only "hope a more specific path isolates a homogeneous group": a
     * level that keeps two candidates' pages together has isolated nothing yet (the chain goes on), and a level
     * whose every part is a single URL groups nothing (an {@code id} per row: every deeper level does the same), so
     * the collection is a menu.
     *
     * @param candidateOf the known URLs' classes (URL → index): the sampled pages' candidate classes while sampling,
     *                    the model's classes once it is inferred; other URLs are not looked at
     * @return version → its URLs in order, at least two parts; empty when no level splits them so (a generalised
     *         version, a path without values on this page, links identical up to the most specific level, or a
     *         split into single URLs)
     */
    static Optional<Map<Version, List<String>>> specific(SitePage source, Version version, List<String> urls,
                                                        Map<String, Integer> candidateOf) {
        if (version.general() > 0) {
            return Optional.empty();
        }
        PageCollections.LinkValues values = source.values().get(version.base());
        if (values == null) {
            return Optional.empty();
        }
        for (int k = version.prefix().size() + 1; k <= values.first().size(); k++) {
            Map<Version, List<String>> parts = at(source, version.base(), urls, k);
            if (parts.size() < 2 || !separates(parts.values(), candidateOf)) {
                continue;
            }
            if (parts.values().stream().allMatch(part -> part.size() == 1)) {
                return Optional.empty();
            }
            return Optional.of(parts);
        }
        return Optional.empty();
    }

    /**
     * {@code urls} (links of the collection at {@code base} on {@code source}) partitioned at the level that adds
     * the first {@code k} values.
     *
     * @return version → its URLs in order; empty when the page has no values there (a URL not in the collection is
     *         left out)
     */
    static Map<Version, List<String>> at(SitePage source, String base, List<String> urls, int k) {
        PageCollections.LinkValues values = source.values().get(base);
        List<String> all = source.links().get(base);
        if (values == null || all == null || k > values.first().size()) {
            return Map.of();
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            index.putIfAbsent(all.get(i), i);
        }
        List<Boolean> ids = ids(base);
        Map<List<String>, List<String>> parts = new LinkedHashMap<>();
        for (String url : urls) {
            Integer i = index.get(url);
            if (i != null) {
                parts.computeIfAbsent(valuesOf(values, ids, i, k), p -> new ArrayList<>()).add(url);
            }
        }
        Map<Version, List<String>> out = new LinkedHashMap<>();
        parts.forEach((prefix, part) -> out.put(new Version(base, prefix, 0), List.copyOf(part)));
        return out;
    }

    /** Whether no part holds sampled URLs of two candidates. */
    private static boolean separates(Collection<List<String>> parts, Map<String, Integer> candidateOf) {
        for (List<String> part : parts) {
            Set<Integer> seen = new HashSet<>();
            for (String url : part) {
                Integer c = candidateOf.get(url);
                if (c != null) {
                    seen.add(c);
                }
            }
            if (seen.size() > 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * The collection made more general: the first version, from the tags alone down to the leaf's tag on the
     * descendant axis, that selects more URLs on {@code source} than {@code version} does.
     *
     * @return that version; empty when {@code version} is not the default level or none gathers more
     */
    static Optional<Version> general(SitePage source, Version version) {
        if (!version.isDefault()) {
            return Optional.empty();
        }
        int here = version.select(source).size();
        List<String> base = tags(version.base());
        Map<String, List<String>> tagsOf = new HashMap<>(); // each path's tags once, not once per level
        source.links().keySet().forEach(path -> tagsOf.put(path, tags(path)));
        for (int g = 1; g <= base.size(); g++) {
            if (gathered(source, tagsOf::get, base, g).size() > here) {
                return Optional.of(new Version(version.base(), List.of(), g));
            }
        }
        return Optional.empty();
    }

    /**
     * The first {@code k} values of the link at {@code i}: the varying steps' own, the others the first link's; an
     * {@code id}'s value is left out (empty): a document's ids are unique, so an id value selects one element, never
     * a group of links of a kind, and a level that adds it splits a list into its rows (Doxygen's {@code
     * tr[@id="row_0_7_"]}).
     */
    private static List<String> valuesOf(PageCollections.LinkValues values, List<Boolean> ids, int i, int k) {
        List<String> out = new ArrayList<>(k);
        for (int c = 0; c < k; c++) {
            List<String> column = values.varying().get(c);
            out.add(c < ids.size() && ids.get(c) ? "" : column == null ? values.first().get(c) : column.get(i));
        }
        return out;
    }

    /** For each attribute a default-level path names, root to leaf: whether it is {@code ID}. */
    private static List<Boolean> ids(String path) {
        List<Boolean> out = new ArrayList<>();
        for (int at = path.indexOf("[@"); at >= 0; at = path.indexOf("[@", closing(path, at))) {
            out.add(path.substring(at + 2, closing(path, at)).equals("ID"));
        }
        return out;
    }

    /**
     * The link at {@code i} of the collection at {@code path} at the lattice's full value level: every attributed step
     * given its value (an id's left out, as {@link #valuesOf} leaves it).
     */
    static String valuePath(String path, PageCollections.LinkValues values, int i) {
        return valuePath(path, values, i, Set.of());
    }

    /**
     * As {@link #valuePath(String, PageCollections.LinkValues, int)}, with the values of the attributes at
     * {@code leftOut} (indexes into {@link PageCollections.LinkValues#first()}) left out as an id's are.
     */
    static String valuePath(String path, PageCollections.LinkValues values, int i, Set<Integer> leftOut) {
        List<String> filled = valuesOf(values, ids(path), i, values.first().size());
        leftOut.forEach(c -> filled.set(c, null));
        return withValues(path, filled);
    }

    /**
     * {@code path} with the first {@code values.size()} attribute names given their values; a null value, like an
     * id's, is left out.
     */
    static String withValues(String path, List<String> values) {
        if (values.isEmpty()) {
            return path;
        }
        StringBuilder out = new StringBuilder();
        int from = 0;
        int filled = 0;
        int at;
        while (filled < values.size() && (at = path.indexOf("[@", from)) >= 0) {
            int close = closing(path, at);
            out.append(path, from, close);
            // an id's value is not refined on (valuesOf)
            if (!path.substring(at + 2, close).equals("ID") && values.get(filled) != null) {
                out.append("=\"").append(PathStep.escape(values.get(filled))).append('"');
            }
            from = close;
            filled++;
        }
        return out.append(path, from, path.length()).toString();
    }

    /** The {@code ]} that closes the attribute opened at {@code open}: the first followed by {@code -} or the end. */
    private static int closing(String path, int open) {
        for (int i = path.indexOf(']', open); i >= 0; i = path.indexOf(']', i + 1)) {
            if (i + 1 == path.length() || path.charAt(i + 1) == '-') {
                return i;
            }
        }
        return path.length();
    }

    /** A default-level path's tags, root first, attributes left out. */
    static List<String> tags(String path) {
        List<String> out = new ArrayList<>();
        StringBuilder tag = new StringBuilder();
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '[') {
                i = closing(path, i);
            } else if (c == '-') {
                out.add(tag.toString());
                tag.setLength(0);
            } else {
                tag.append(c);
            }
        }
        out.add(tag.toString());
        return out;
    }

    /**
     * The URLs of the collections of {@code page} that the version generalised {@code general} steps from a path of
     * tags {@code base} selects: the same tags (1), or ending with its last tags (1 + r: r removed from the root).
     */
    private static Set<String> gathered(SitePage page, Function<String, List<String>> tagsOf,
                                        List<String> base, int general) {
        List<String> wanted = base.subList(general == 1 ? 0 : general - 1, base.size());
        Set<String> out = new LinkedHashSet<>();
        page.links().forEach((path, urls) -> {
            List<String> tags = tagsOf.apply(path);
            if (general == 1 ? tags.equals(wanted) : endsWith(tags, wanted)) {
                out.addAll(urls);
            }
        });
        return out;
    }

    private static boolean endsWith(List<String> tags, List<String> suffix) {
        return tags.size() >= suffix.size() && tags.subList(tags.size() - suffix.size(), tags.size()).equals(suffix);
    }
}
