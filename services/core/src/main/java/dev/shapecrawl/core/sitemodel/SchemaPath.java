package dev.shapecrawl.core.sitemodel;

import java.util.List;
import java.util.Objects;

/**
 * One element of a schema (spec §2.2, §2.4): the path of a link collection, or the path of a text collection
 * together with its texts. In a page's own schema texts do not count (two product pages have the same schema though
 * their prices differ), so a page's {@link SitePage#schema()} holds text paths with no texts. In a class schema a
 * text path enters only with the texts that are identical in at least two of its pages, and a page "has" such an
 * element only if its texts at that path are those (spec §8 #7 resolution: path plus invariant texts).
 *
 * @param kind  link or text collection
 * @param path  the collection's path at the level it was formed ({@link ElementPath})
 * @param texts the invariant texts of a class's text path; empty for link paths and in page schemas
 */
public record SchemaPath(Kind kind, String path, List<String> texts) {
    /** What a schema element stands for. */
    public enum Kind {
        /** A link collection's path. */
        LINK,
        /** A text collection's path. */
        TEXT
    }

    public SchemaPath {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(path, "path");
        texts = List.copyOf(texts);
        if (kind == Kind.LINK && !texts.isEmpty()) {
            throw new IllegalArgumentException("a link path carries no texts");
        }
    }

    /** The path of a link collection. */
    public static SchemaPath link(String path) {
        return new SchemaPath(Kind.LINK, path, List.of());
    }

    /** The path of a text collection, without its texts (a page schema's element). */
    public static SchemaPath text(String path) {
        return new SchemaPath(Kind.TEXT, path, List.of());
    }

    /** The path of a text collection with the texts a class holds invariant there. */
    public static SchemaPath text(String path, List<String> texts) {
        return new SchemaPath(Kind.TEXT, path, texts);
    }

    /** This element without its texts: what a page schema holds. */
    public SchemaPath pathOnly() {
        return texts.isEmpty() ? this : new SchemaPath(kind, path, List.of());
    }

    @Override
    public String toString() {
        return kind == Kind.LINK ? path : path + (texts.isEmpty() ? "" : " " + texts);
    }
}
