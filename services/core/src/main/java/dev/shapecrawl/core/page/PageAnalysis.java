package dev.shapecrawl.core.page;

import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.Hashes;
import dev.shapecrawl.events.Outlink;

import java.util.List;

/**
 * What page analysis found on one page: the per-page facts of {@code page-classified} except the node count,
 * which comes from the page's tree.
 *
 * @param outlinks     the page's links: absolute, normalised, deduplicated, in document order, with anchor text
 *                     and in-scope flag ({@link LinkExtractor})
 * @param forms        the page's forms with every field ({@link FormExtractor})
 * @param contentHash  lower-case hex SHA-256 of the body's UTF-8 bytes, 64 characters
 *                     ({@link dev.shapecrawl.events.Hashes#sha256Hex(byte[])})
 * @param byteSize     the body's size in UTF-8 bytes, >= 0 (the decoded body re-encoded, so it can differ from
 *                     the bytes on the wire when the page was not UTF-8)
 * @param linksDropped link elements left unexamined because a link bound was reached, >= 0
 *                     ({@link PageAnalysisSettings#maxLinks()}, {@link PageAnalysisSettings#maxLinkChars()})
 * @param formsDropped forms past {@link PageAnalysisSettings#maxForms()}, >= 0
 */
public record PageAnalysis(List<Outlink> outlinks, List<FormInfo> forms, String contentHash, long byteSize,
                           int linksDropped, int formsDropped) {

    /**
     * Copies the lists and validates.
     *
     * @throws IllegalArgumentException if a list is null, the hash is not 64 lower-case hex digits, or a count is
     *                                  negative
     */
    public PageAnalysis {
        if (outlinks == null || forms == null) {
            throw new IllegalArgumentException((outlinks == null ? "outlinks" : "forms") + ": missing");
        }
        outlinks = List.copyOf(outlinks);
        forms = List.copyOf(forms);
        if (!Hashes.isSha256Hex(contentHash)) {
            throw new IllegalArgumentException("contentHash: must be 64 lower-case hex digits, was " + contentHash);
        }
        nonNegative("byteSize", byteSize);
        nonNegative("linksDropped", linksDropped);
        nonNegative("formsDropped", formsDropped);
    }

    private static void nonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + ": must be >= 0, was " + value);
        }
    }
}
