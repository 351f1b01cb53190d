package dev.shapecrawl.core.sitemodel;

import dev.shapecrawl.events.PageCollections;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A collection's links at the lattice's full value level ({@link ValueLevel}). */
class ValueLevelTest {
    @Test
    void everyAttributedStepTakesItsLinksValueAndAnIdsIsLeftOut() {
        String path = "HTML-BODY-DIV[@ID]-DL[@CLASS]-DT-SPAN[@CLASS]-A";
        PageCollections page = new PageCollections(Map.of(path, List.of("http://s.test/a", "http://s.test/b")),
                Map.of(), Map.of(path, new PageCollections.LinkValues(List.of("toc-1", "toc", "chapter"),
                Map.of(0, List.of("toc-1", "toc-2"), 2, List.of("chapter", "refentrytitle")))));

        assertEquals(List.of("HTML-BODY-DIV[@ID]-DL[@CLASS=\"toc\"]-DT-SPAN[@CLASS=\"chapter\"]-A",
                        "HTML-BODY-DIV[@ID]-DL[@CLASS=\"toc\"]-DT-SPAN[@CLASS=\"refentrytitle\"]-A"),
                ValueLevel.paths(page, path),
                "the varying steps give each link its own value, the others the first link's; ids select one element");
    }

    @Test
    void aValueThatDiffersOnEveryLinkNamesItAndIsLeftOut() {
        String path = "HTML-BODY-DIV[@CLASS]-P-A[@TITLE]";
        List<String> urls = List.of("http://s.test/Data-List.html", "http://s.test/Prelude.html",
                "http://s.test/Data-Maybe.html");
        PageCollections titled = new PageCollections(Map.of(path, urls), Map.of(), Map.of(path,
                new PageCollections.LinkValues(List.of("doc", "Data.List"),
                        Map.of(1, List.of("Data.List", "Prelude", "Data.Maybe")))));
        assertEquals(List.of("HTML-BODY-DIV[@CLASS=\"doc\"]-P-A[@TITLE]", "HTML-BODY-DIV[@CLASS=\"doc\"]-P-A[@TITLE]",
                        "HTML-BODY-DIV[@CLASS=\"doc\"]-P-A[@TITLE]"), ValueLevel.paths(titled, path),
                "Haddock's module titles: three links, three values, one group (as an id's)");

        PageCollections grouped = new PageCollections(Map.of(path, urls), Map.of(), Map.of(path,
                new PageCollections.LinkValues(List.of("doc", "module"), Map.of(1, List.of("module", "module", "index")))));
        assertEquals("HTML-BODY-DIV[@CLASS=\"doc\"]-P-A[@TITLE=\"index\"]", ValueLevel.paths(grouped, path).get(2),
                "a value two links share groups them, so the column keeps its values");

        PageCollections two = new PageCollections(Map.of(path, urls.subList(0, 2)), Map.of(), Map.of(path,
                new PageCollections.LinkValues(List.of("doc", "prev"), Map.of(1, List.of("prev", "next")))));
        assertEquals("HTML-BODY-DIV[@CLASS=\"doc\"]-P-A[@TITLE=\"next\"]", ValueLevel.paths(two, path).get(1),
                "two links with two values may be two groups (fewer than ValueLevel.NAMING_LINKS)");
    }

    @Test
    void aCollectionWhoseLinksShareEveryValueHasNoGroups() {
        String path = "HTML-BODY-UL[@CLASS]-LI-A";
        PageCollections page = new PageCollections(Map.of(path, List.of("http://s.test/a")), Map.of());
        assertNull(ValueLevel.paths(page, path));
    }

    @Test
    void aColumnForAnotherNumberOfLinksIsRefused() {
        String path = "HTML-BODY-UL[@CLASS]-LI-A";
        PageCollections.LinkValues values = new PageCollections.LinkValues(List.of("a"),
                Map.of(0, List.of("a", "b")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PageCollections(
                Map.of(path, List.of("http://s.test/a", "http://s.test/b", "http://s.test/c")), Map.of(),
                Map.of(path, values)));
        assertEquals("values of step 0 at HTML-BODY-UL[@CLASS]-LI-A: 2 for 3 URLs", e.getMessage(),
                "the page refuses them when it is built, so the value level never reads a short column");
    }
}
