package dev.shapecrawl.core.sitemodel;

import java.util.Objects;

/**
 * An edge of the site model (spec §2.5, thesis §3.2.2.2): from any page of class {@code source}, the links at
 * {@code path} lead to pages of class {@code destination}.
 *
 * @param source      index of the source class in the model
 * @param path        the link collection's path (default level)
 * @param type        list, menu or singleton, the type of the link collections that gave the edge
 * @param destination index of the destination class in the model
 */
public record ClassLink(int source, String path, Type type, int destination) {
    /** How homogeneous the targets of a link collection are (spec §2.3). */
    public enum Type {
        /** Two or more URLs, all to pages of one class. */
        LIST,
        /** URLs to pages of several classes (a navigation bar); every URL of it is fetched. */
        MENU,
        /** One URL. */
        SINGLETON
    }

    public ClassLink {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(type, "type");
    }
}
