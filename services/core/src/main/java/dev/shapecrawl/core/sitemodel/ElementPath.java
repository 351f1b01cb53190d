package dev.shapecrawl.core.sitemodel;

import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The path from the document root to one element, with every version of it the expressiveness lattice allows
 * (spec §2.6, thesis §3.3.3.2 and §4.2.2.2).
 *
 * <p>Levels form a chain ("only one path is chosen per level"), numbered as in the thesis's Figure 3.13:
 * <ul>
 *   <li>level 1: every tag, no attribute ({@code HTML-DIV-UL-LI-A});</li>
 *   <li>levels 2 … 1+A, where A is the number of tags with an attribute: the first attribute's <em>name</em> is
 *       added to one more tag each, from the root towards the leaf; level 1+A is the <b>default</b> (every tag plus
 *       the name, without the value, of its first attribute);</li>
 *   <li>levels 2+A … 1+2A: the first attribute's <em>value</em> is added to one more tag each, root to leaf;</li>
 *   <li>levels 0, −1, …: tags removed from the root side, the descendant axis ({@code //UL-LI-A}), down to the
 *       leaf alone (spec §2.6 [D]: removing from the root side first, as in the thesis's example).</li>
 * </ul>
 * The ordering "names root to leaf, then values root to leaf" is the spec's [I] reading of Figure 3.13, the only
 * one consistent with its five levels. Paths are written with upper-case tags joined by {@code -}, as in the
 * thesis.
 *
 * @param steps root first, the element last; never empty
 */
public record ElementPath(List<PathStep> steps) {
    public ElementPath {
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a path has at least one step");
        }
    }

    /** The path of {@code element} from its document's root element ({@code HTML}) down to it. */
    public static ElementPath of(Element element) {
        Objects.requireNonNull(element, "element");
        List<PathStep> steps = new ArrayList<>();
        for (Element e = element; e != null && !e.tagName().equals("#root"); e = e.parent()) {
            Attribute first = firstAttribute(e);
            steps.add(first == null ? new PathStep(e.tagName(), null, null)
                    : new PathStep(e.tagName(), first.getKey(), first.getValue()));
        }
        Collections.reverse(steps);
        return new ElementPath(steps);
    }

    /**
     * The element's first attribute in source order, {@code href} and {@code src} left out: a link's URL is what its
     * link collection gathers, not a property of its path (Figure 3.13 writes the anchor step {@code A} at every
     * level).
     */
    private static Attribute firstAttribute(Element e) {
        for (Attribute a : e.attributes()) {
            if (!a.getKey().equalsIgnoreCase("href") && !a.getKey().equalsIgnoreCase("src")) {
                return a;
            }
        }
        return null;
    }

    /**
     * The first attribute's value of each step that has one, root to leaf: what the levels above the default add
     * ({@link PathRefinement} refines a link collection by them).
     */
    public List<String> values() {
        List<String> out = new ArrayList<>();
        for (PathStep step : steps) {
            if (step.hasAttribute()) {
                out.add(step.value());
            }
        }
        return out;
    }

    /** A, the number of steps with an attribute. */
    private int attributed() {
        return (int) steps.stream().filter(PathStep::hasAttribute).count();
    }

    /** The most general level: the leaf alone, on the descendant axis. */
    public int minLevel() {
        return 2 - steps.size();
    }

    /** The most specific level: every first attribute with its value. */
    public int maxLevel() {
        return 1 + 2 * attributed();
    }

    /** The default level (spec §2.6): every tag with the name of its first attribute. */
    public int defaultLevel() {
        return 1 + attributed();
    }

    /** The path at the default level. */
    public String defaultPath() {
        return at(defaultLevel());
    }

    /**
     * The path at {@code level}.
     *
     * @throws IllegalArgumentException if {@code level} is outside {@link #minLevel()} … {@link #maxLevel()}
     */
    public String at(int level) {
        if (level < minLevel() || level > maxLevel()) {
            throw new IllegalArgumentException("level " + level + " outside " + minLevel() + ".." + maxLevel());
        }
        int removed = level < 1 ? 1 - level : 0;
        int names = Math.min(Math.max(level - 1, 0), attributed());
        int values = Math.max(level - 1 - attributed(), 0);
        StringBuilder out = new StringBuilder(removed > 0 ? "//" : "");
        int attributedSeen = 0;
        for (int i = removed; i < steps.size(); i++) {
            PathStep step = steps.get(i);
            boolean withName = false;
            boolean withValue = false;
            if (step.hasAttribute() && removed == 0) {
                withName = attributedSeen < names;
                withValue = attributedSeen < values;
                attributedSeen++;
            }
            if (i > removed) {
                out.append('-');
            }
            out.append(step.render(withName, withValue));
        }
        return out.toString();
    }
}
