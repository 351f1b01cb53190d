package dev.shapecrawl.core.navigation;

import java.util.regex.Pattern;

/**
 * Whole-string matching of URLs against pattern steps, with a bound on the work. Generated patterns can put
 * quantifiers over overlapping classes side by side ({@code [a-zA-Z0-9]*[a-zA-Z0-9]*}, when tokens aligned by
 * position differ in kind and some URLs lack them), and {@link java.util.regex} backtracks polynomially on such
 * patterns when a long URL almost matches. The URLs come from the crawled site, so one page must not be able to
 * stall the crawl: a match that reads more than {@value #MAX_READS} characters is given up and counts as no
 * match.
 */
final class BoundedMatch {
    /**
     * The most character reads one match may make. A match without backtracking reads each character a few times;
     * the longest URL the event contract accepts has 8,192 characters ({@link dev.shapecrawl.events.Urls}), so this
     * is over a hundred times what an ordinary match needs, and a few milliseconds of work.
     */
    static final int MAX_READS = 1_000_000;

    private static final RuntimeException EXHAUSTED = new RuntimeException("match budget exhausted", null, false,
            false) {
    };

    private BoundedMatch() {
    }

    /** Whether the whole of {@code url} matches {@code pattern}; false if the budget runs out first. */
    static boolean matches(Pattern pattern, String url) {
        try {
            return pattern.matcher(new Budgeted(url)).matches();
        } catch (RuntimeException e) {
            if (e == EXHAUSTED) {
                return false;
            }
            throw e;
        }
    }

    /** {@code s}, counting reads. */
    private static final class Budgeted implements CharSequence {
        private final String s;
        private int reads;

        Budgeted(String s) {
            this.s = s;
        }

        @Override
        public char charAt(int index) {
            if (++reads > MAX_READS) {
                throw EXHAUSTED;
            }
            return s.charAt(index);
        }

        @Override
        public int length() {
            return s.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return s.subSequence(start, end);
        }

        @Override
        public String toString() {
            return s;
        }
    }
}
