package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Generated patterns against hostile URLs: no stack overflow, no runaway backtracking. The patterns are made with
 * the seed's position-only alignment, which produces the worst quantifier runs.
 */
class BoundedMatchTest {

    private static UrlPattern seedPattern(String... urls) {
        return UrlPattern.ofLevels(java.util.Arrays.stream(urls).map(UrlLevels::of).toList(), false);
    }

    @Test
    void tokensOfVaryingKindsAndCountsGiveOverlappingQuantifiersThatAreBounded() {
        UrlPattern p = seedPattern("http://h.test/id/a1b", "http://h.test/id/1a1", "http://h.test/id/");
        assertEquals("[a-zA-Z0-9]*[a-zA-Z0-9]*[a-zA-Z0-9]*", p.levels().get(2), "three overlapping columns");
        assertTrue(p.matches("http://h.test/id/x9y"));
        String hostile = "http://h.test/id/" + "a".repeat(8_000) + "!";
        // unbounded, java.util.regex would backtrack through some 10^11 steps here
        assertFalse(assertTimeoutPreemptively(java.time.Duration.ofSeconds(5), () -> p.matches(hostile)));
    }

    @Test
    void anyRepeatedDoesNotRecurseOnALongUrl() {
        UrlPattern p = seedPattern("http://h.test/a/x", "http://h.test/a/.x", "http://h.test/a/1-x");
        String level = p.levels().get(2);
        assertTrue(level.contains(".*"), level);
        assertFalse(p.matches("http://h.test/a/" + "a.".repeat(4_000) + "y"));
        assertTrue(p.matches("http://h.test/a/" + "a.".repeat(4_000) + "x"));
    }

    @Test
    void ordinaryMatchesStayWellWithinTheBudget() {
        Pattern p = Pattern.compile("^https?://h\\.test/[a-zA-Z]+:[a-zA-Z]+_*[a-zA-Z0-9]*\\.html$");
        assertTrue(BoundedMatch.matches(p, "http://h.test/" + "a".repeat(4_000) + ":" + "b".repeat(4_000) + ".html"));
    }
}
