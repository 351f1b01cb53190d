package dev.shapecrawl.testkit.site;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratedSiteGrowthTest {
    @Test
    void growthAddsListedTargetsOnTheListsAndUnlistedOnesOnlyBehindAnArticle() {
        GeneratedSite site = GeneratedSite.generate(SiteShape.paginatedCatalogue());
        Map<String, String> before = site.pages();
        List<String> targetsBefore = site.targets();

        Growth growth = site.grow(30, 4);

        assertEquals(30, growth.listedTargets().size());
        assertEquals(4, growth.unlistedTargets().size());
        List<String> expected = new ArrayList<>(targetsBefore);
        expected.addAll(growth.listedTargets());
        expected.addAll(growth.unlistedTargets());
        assertEquals(expected, site.targets());
        assertEquals(site.targets(), site.urls(PageKind.TARGET));

        Set<String> mapped = SiteGraph.reachable(site, url -> !site.isTarget(url));
        assertTrue(mapped.containsAll(site.targets()), "every target, old or new, is reachable");
        for (String t : growth.listedTargets()) {
            assertTrue(kinds(site, SiteGraph.linkedFrom(site, t)).contains(PageKind.LIST), t);
        }
        for (String t : growth.unlistedTargets()) {
            Set<PageKind> from = kinds(site, SiteGraph.linkedFrom(site, t));
            assertTrue(from.contains(PageKind.ARTICLE), t);
            assertTrue(from.stream().noneMatch(PageKind::isHub), t + " is on no list: " + from);
        }

        assertTrue(growth.newPages().containsAll(growth.listedTargets()));
        assertTrue(growth.newPages().containsAll(growth.unlistedTargets()));
        assertTrue(growth.newPages().stream().anyMatch(u -> site.kind(u).orElseThrow() == PageKind.LIST),
                "a full last page makes the chain longer: " + growth.newPages());
        assertEquals(1, growth.newPages().stream().filter(u -> site.kind(u).orElseThrow() == PageKind.ARTICLE)
                .count());
        for (String changed : growth.changedPages()) {
            assertTrue(Set.of(PageKind.LIST, PageKind.ENTRY, PageKind.NEWS_INDEX)
                    .contains(site.kind(changed).orElseThrow()), changed);
        }
        for (String t : targetsBefore) {
            assertEquals(before.get(t), site.html(t).orElseThrow(), "old target pages stay as they were");
        }
        assertNotEquals(before, site.pages(), "pages() before the growth was a snapshot");
    }

    @Test
    void theSameGrowthsGiveTheSameSite() {
        GeneratedSite a = GeneratedSite.generate(SiteShape.dblpAuthors());
        GeneratedSite b = GeneratedSite.generate(SiteShape.dblpAuthors());
        assertEquals(a.grow(5, 1), b.grow(5, 1));
        assertEquals(a.grow(3, 0), b.grow(3, 0));
        assertEquals(a.pages(), b.pages());
        assertEquals(96 + 9, a.targets().size());
    }

    @Test
    void growingByNothingChangesNothing() {
        GeneratedSite site = GeneratedSite.generate(SiteShape.tiny());
        Map<String, String> before = site.pages();
        Growth growth = site.grow(0, 0);
        assertEquals(new Growth(List.of(), List.of(), List.of(), List.of()), growth);
        assertEquals(before, site.pages());
        assertThrows(IllegalArgumentException.class, () -> site.grow(-1, 0));
    }

    private static Set<PageKind> kinds(GeneratedSite site, Set<String> urls) {
        return urls.stream().map(u -> site.kind(u).orElseThrow())
                .collect(java.util.stream.Collectors.toCollection(() -> java.util.EnumSet.noneOf(PageKind.class)));
    }
}
