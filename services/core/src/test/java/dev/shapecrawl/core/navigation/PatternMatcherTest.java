package dev.shapecrawl.core.navigation;

import dev.shapecrawl.events.NavigationPattern.Branch;
import dev.shapecrawl.events.NavigationPattern.Step;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pattern-driven crawl's transitions, specification §7.2 (off-by-one corrected), with branches and loops. */
class PatternMatcherTest {
    private static final String E = "http://s.test/";
    private static final String LIST = "^https?://s\\.test/list/[A-Z]$";
    private static final String ARTIST = "^https?://s\\.test/artist\\?cd=[0-9]+$";
    private static final String ALBUM = "^https?://s\\.test/album/[0-9]+$";
    private static final String PAGE = "^https?://s\\.test/list/[A-Z]\\?page=[0-9]+$";

    private static Step step(String regex, boolean loop) {
        return new Step("LINK", regex, null, loop, List.of());
    }

    private static Branch branch(Step... steps) {
        return new Branch(List.of(steps), 0);
    }

    @Test
    void theEJazzPatternTwoStepsThreeLevels() {
        // Table 3.1: E1 on the entry point gives the lists (level 2), E2 on the lists the artists (level 3)
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, false), step(ARTIST, false))));
        PatternMatcher.States entry = m.start();
        assertTrue(entry.contains(0, 0));
        assertTrue(m.expands(entry));
        assertFalse(m.atTarget(entry));

        assertTrue(m.next(entry, E + "artist?cd=17").isEmpty(), "a shortcut on the entry point: E2 is not tried at level 1");
        assertTrue(m.next(entry, E + "about").isEmpty());
        PatternMatcher.States list = m.next(entry, E + "list/A");
        assertTrue(list.contains(0, 1));
        assertTrue(m.expands(list));
        assertFalse(m.atTarget(list));

        assertTrue(m.next(list, E + "list/B").isEmpty(), "E1 is not applied again on a list (no loop)");
        PatternMatcher.States artist = m.next(list, E + "artist?cd=17");
        assertTrue(artist.contains(0, 2));
        assertTrue(m.atTarget(artist));
        assertFalse(m.expands(artist), "targets are not expanded");
        assertTrue(m.next(artist, E + "artist?cd=18").isEmpty());
    }

    @Test
    void aTargetPagesLinksAreTakenByEveryBranchsTargetStep() {
        // two branches whose target steps take different URL shapes (SciPy's class pages and their members, each
        // learnt from other examples): a target of one links to targets of the other's shape
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, false), step(ARTIST, false)),
                branch(step(LIST, false), step(ALBUM, false))));
        PatternMatcher.States artist = m.next(m.next(m.start(), E + "list/A"), E + "artist?cd=17");
        assertTrue(m.atTarget(artist, 0) && !m.atTarget(artist, 1), "an artist: the first branch's target");
        PatternMatcher.States album = m.nextTarget(artist, E + "album/3", List.of());
        assertTrue(m.atTarget(album, 1) && !m.atTarget(album, 0), "an album it links to: the second branch's target");
        assertTrue(m.nextTarget(artist, E + "list/B", List.of()).isEmpty(), "no target step takes a list");
    }

    @Test
    void aTargetPagesLinksAreTakenByATargetStepOnly() {
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, false), step(ARTIST, false))));
        PatternMatcher.States list = m.next(m.start(), E + "list/A");
        PatternMatcher.States artist = m.next(list, E + "artist?cd=17");
        assertEquals("0:2", m.encode(m.nextTarget(artist, E + "artist?cd=18", List.of())),
                "another artist linked from an artist: the target step, as if it looped");
        assertTrue(m.nextTarget(artist, E + "list/B", List.of()).isEmpty(), "not a list: no step before the target's");
        assertTrue(m.nextTarget(artist, E + "album/3", List.of()).isEmpty(), "not what a target step takes");
        assertTrue(m.nextTarget(list, E + "artist?cd=18", List.of()).isEmpty(), "a list page is not at a target");
    }

    @Test
    void branchesSharingAPrefixAreFollowedTogether() {
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, false), step(ARTIST, false)),
                branch(step(LIST, false), step(ALBUM, false)), branch(step(ARTIST, false))));
        PatternMatcher.States list = m.next(m.start(), E + "list/A");
        assertEquals("0:1,1:1", m.encode(list));
        assertEquals("0:2", m.encode(m.next(list, E + "artist?cd=1")));
        assertEquals("1:2", m.encode(m.next(list, E + "album/9")));
        PatternMatcher.States shortcut = m.next(m.start(), E + "artist?cd=1");
        assertEquals("2:1", m.encode(shortcut), "the one-step branch takes the shortcut");
        assertTrue(m.atTarget(shortcut));
        assertTrue(m.atTarget(shortcut, 2));
        assertFalse(m.atTarget(shortcut, 0));
    }

    @Test
    void aLoopStepMayRepeatBeforeTheNextStep() {
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, false), step(PAGE, true), step(ARTIST, false))));
        PatternMatcher.States list = m.next(m.start(), E + "list/A");
        PatternMatcher.States page2 = m.next(list, E + "list/A?page=2");
        assertEquals("0:2", m.encode(page2));
        PatternMatcher.States page3 = m.next(page2, E + "list/A?page=3");
        assertEquals(page2, page3, "the loop keeps the state");
        assertEquals("0:3", m.encode(m.next(page3, E + "artist?cd=4")), "and the next step still follows");
        assertTrue(m.next(list, E + "artist?cd=4").isEmpty(), "the loop step is not optional: (0,1) needs step 2");
    }

    @Test
    void aLastStepThatLoopsIsExpandedOnlyForItself() {
        String targets = "^https?://s\\.test/results\\?p=[0-9]+$";
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, false), step(targets, true))));
        PatternMatcher.States t = m.next(m.next(m.start(), E + "list/A"), E + "results?p=1");
        assertTrue(m.atTarget(t));
        assertTrue(m.expands(t), "pagination of target pages");
        assertEquals(t, m.next(t, E + "results?p=2"));
        assertTrue(m.next(t, E + "list/B").isEmpty());
    }

    @Test
    void followWalksAPath() {
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, true), step(ARTIST, false))));
        assertTrue(m.atTarget(m.follow(List.of(E + "list/A", E + "list/B", E + "list/C", E + "artist?cd=1"))));
        assertTrue(m.follow(List.of(E + "about", E + "artist?cd=1")).isEmpty());
        assertEquals(m.start(), m.follow(List.of()));
    }

    @Test
    void statesEncodeCompactlyAndDecodeBack() {
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, false), step(ARTIST, false)),
                branch(step(LIST, false), step(ALBUM, false))));
        assertEquals("0:0,1:0", m.encode(m.start()));
        for (PatternMatcher.States s : List.of(m.start(), m.next(m.start(), E + "list/A"), PatternMatcher.States.EMPTY)) {
            assertEquals(s, m.decode(m.encode(s)));
        }
        assertEquals("", m.encode(m.next(m.start(), E + "nothing")));
        assertTrue(m.decode("").isEmpty());
        assertTrue(m.decode(null).isEmpty());
        assertEquals(m.decode("1:2,0:1"), m.decode("0:1,1:2,0:1"), "order and repeats do not matter");
        for (String bad : List.of("x", "0", "0:", ":1", "2:0", "0:3", "-1:0", "0:1,,1:1")) {
            assertThrows(IllegalArgumentException.class, () -> m.decode(bad), bad);
        }
    }

    @Test
    void statesUnite() {
        PatternMatcher m = PatternMatcher.of(List.of(branch(step(LIST, false), step(ARTIST, false)),
                branch(step(ARTIST, false))));
        PatternMatcher.States viaList = m.next(m.next(m.start(), E + "list/A"), E + "artist?cd=1");
        PatternMatcher.States direct = m.next(m.start(), E + "artist?cd=1");
        PatternMatcher.States both = viaList.union(direct);
        assertEquals("0:2,1:1", m.encode(both));
        assertTrue(both.containsAll(viaList) && both.containsAll(direct));
        assertFalse(viaList.containsAll(both));
        assertEquals(viaList, viaList.union(PatternMatcher.States.EMPTY));
    }

    @Test
    void noBranchesFollowNothing() {
        PatternMatcher m = PatternMatcher.of(List.of());
        assertTrue(m.start().isEmpty());
        assertFalse(m.expands(m.start()));
    }

    @Test
    void refusesBrokenPatterns() {
        assertThrows(IllegalArgumentException.class, () -> PatternMatcher.of(List.of(new Branch(List.of(), 0))));
        assertThrows(IllegalArgumentException.class,
                () -> PatternMatcher.of(List.of(branch(step("^https?://s\\.test/[a-z+$", false)))));
    }
}
