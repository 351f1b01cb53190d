package dev.shapecrawl.core.sitemodel;

import java.util.Objects;

/**
 * An edge of the site model (spec §2.5, thesis §3.2.2.2): from any page of class {@code source}, the links at
 * {@code path} lead to pages of class {@code destination}.
 *
 * @param source      index of the source class in the model
 * @param path        the link collection's path: the default level, or the version path refinement gave it
 *                    ({@link PathRefinement}, spec §3.5)
 * @param type        list, menu or singleton, the type of the link collections that gave the edge
 * @param destination index of the destination class in the model
 * @param anchor      for a menu, whether it points to the same URLs on every page of its source class that has it
 *                    (spec §2.3 [I]); null for a list or a singleton
 */
public record ClassLink(int source, String path, Type type, int destination, Anchor anchor) {
    /** How homogeneous the targets of a link collection are (spec §2.3). */
    public enum Type {
        /** Two or more URLs, all to pages of one class. */
        LIST,
        /** URLs to pages of several classes (a navigation bar); every URL of it is fetched. */
        MENU,
        /** One URL. */
        SINGLETON
    }

    /** A menu's subtype (spec §2.3, §3.5 "Menu subtype"). */
    public enum Anchor {
        /** The same URL set at the menu's path on every page of the source class where the path occurs. */
        FIXED,
        /** The path occurs on other pages of the class with other URLs. */
        VARIABLE
    }

    /** @throws IllegalArgumentException if a menu has no anchor or another type has one */
    public ClassLink {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(type, "type");
        if ((type == Type.MENU) != (anchor != null)) {
            throw new IllegalArgumentException("a menu, and only a menu, has an anchor subtype: " + type + ", " + anchor);
        }
    }

    /** A list or singleton link (no anchor subtype). */
    public ClassLink(int source, String path, Type type, int destination) {
        this(source, path, type, destination, null);
    }
}
