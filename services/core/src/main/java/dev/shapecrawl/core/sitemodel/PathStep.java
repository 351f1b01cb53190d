package dev.shapecrawl.core.sitemodel;

import java.util.Locale;
import java.util.Objects;

/**
 * One element of a root-to-element path: its tag and its first attribute (spec §2.6: the lattice varies "the name,
 * and then the value, of the first attribute of each tag"; attributes after the first never enter a path, spec §8
 * #4 resolution: source order).
 *
 * @param tag       the tag name, upper case ({@code DIV})
 * @param attribute the first attribute's name, upper case ({@code CLASS}), or null when the element has none
 * @param value     the first attribute's value as written, or null when the element has none
 */
public record PathStep(String tag, String attribute, String value) {
    public PathStep {
        Objects.requireNonNull(tag, "tag");
        tag = tag.toUpperCase(Locale.ROOT);
        if (attribute != null) {
            attribute = attribute.toUpperCase(Locale.ROOT);
            value = value == null ? "" : value;
        } else {
            value = null;
        }
    }

    /** Whether the element has an attribute the lattice can name. */
    public boolean hasAttribute() {
        return attribute != null;
    }

    /**
     * This step as written in a path: {@code DIV}, {@code DIV[@CLASS]} or {@code DIV[@CLASS="List1"]}.
     *
     * @param withName  include the attribute's name (ignored without an attribute)
     * @param withValue include its value too (implies the name)
     */
    String render(boolean withName, boolean withValue) {
        if (!hasAttribute() || !(withName || withValue)) {
            return tag;
        }
        if (withValue) {
            return tag + "[@" + attribute + "=\"" + escape(value) + "\"]";
        }
        return tag + "[@" + attribute + "]";
    }

    /** A value as a path writes it: a double quote escaped with a backslash. */
    static String escape(String value) {
        return value.replace("\"", "\\\"");
    }
}
