package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.Hashes;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Record and result-page identities (spec §7 items 2 and 6, §4.5 recommendation: the thesis gives none).
 *
 * <p>A record's signature is a hash of its normalised text (lower case, whitespace collapsed), so the same record
 * seen on two result pages counts once in coverage. A page's signature is a hash of the sorted distinct record
 * signatures, so markup, ads and timestamps around the data region cannot make equal result pages distinct
 * (Madhavan et al. 2008's "content signature robust to markup").
 */
public final class RecordSignature {
    /** Hex characters kept of the SHA-256: 128 bits, collision-free in practice for one form's records. */
    static final int LENGTH = 32;

    private RecordSignature() {
    }

    /**
     * The signature of one extracted record.
     *
     * @param recordText the record's text (e.g. a data-region row from the list extractor)
     * @return 32 lower-case hex characters
     * @throws IllegalArgumentException if {@code recordText} is null
     */
    public static String of(String recordText) {
        if (recordText == null) {
            throw new IllegalArgumentException("recordText: missing");
        }
        String norm = recordText.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        return Hashes.sha256Hex(norm).substring(0, LENGTH);
    }

    /**
     * The signature of a result page from its records' signatures: order and repeats do not matter.
     *
     * @param recordSignatures the page's record signatures
     * @return 32 lower-case hex characters; every page without records has the same one
     */
    public static String ofPage(List<String> recordSignatures) {
        return Hashes.sha256Hex(String.join("\n", new TreeSet<>(recordSignatures))).substring(0, LENGTH);
    }
}
