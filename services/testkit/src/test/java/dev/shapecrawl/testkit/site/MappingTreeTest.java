package dev.shapecrawl.testkit.site;

import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The presets put the mapping's BFS tree in the situations their docs promise. */
class MappingTreeTest {
    @Test
    void ejazzShortcutsHangUnderTheEntryAndTheOtherTargetsUnderTheirLists() {
        GeneratedSite site = GeneratedSite.generate(SiteShape.ejazz());
        Map<String, String> parent = SiteGraph.mappingParents(site);
        for (String shortcut : site.shortcuts()) {
            assertEquals(site.entry(), parent.get(shortcut), "§4.3: BFS meets the shortcut first");
        }
        Map<PageKind, Integer> byParent = targetsByParentKind(site);
        assertEquals(site.shortcuts().size(), byParent.get(PageKind.ENTRY));
        assertTrue(byParent.get(PageKind.LIST) > 100, "the list path holds most targets: " + byParent);
    }

    @Test
    void mixedDistractorsPutArticlesIntoTheMappingTree() {
        Map<PageKind, Integer> byParent = targetsByParentKind(GeneratedSite.generate(SiteShape.mixedDistractors()));
        assertTrue(byParent.getOrDefault(PageKind.ARTICLE, 0) > 0, "some targets are first met in an article: "
                + byParent);
        assertTrue(byParent.get(PageKind.LIST) > byParent.get(PageKind.ARTICLE), "" + byParent);
    }

    @Test
    void deepHierarchyTargetsAreFourOrFiveHopsDown() {
        GeneratedSite site = GeneratedSite.generate(SiteShape.deepHierarchy());
        Map<String, String> parent = SiteGraph.mappingParents(site);
        int deepest = 0;
        for (String target : site.targets()) {
            if (site.shortcuts().contains(target)) {
                continue;
            }
            int depth = 0;
            for (String p = target; parent.get(p) != null; p = parent.get(p)) {
                depth++;
            }
            deepest = Math.max(deepest, depth);
        }
        assertTrue(deepest >= 3, "entry → section → list → target at least, was " + deepest);
    }

    private static Map<PageKind, Integer> targetsByParentKind(GeneratedSite site) {
        Map<String, String> parent = SiteGraph.mappingParents(site);
        Map<PageKind, Integer> out = new EnumMap<>(PageKind.class);
        for (String target : site.targets()) {
            out.merge(site.kind(parent.get(target)).orElseThrow(), 1, Integer::sum);
        }
        return out;
    }
}
