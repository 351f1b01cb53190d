package dev.shapecrawl.core.sitemodel;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link KindMarkers}: kinds from the words of {@code <body class>}, split and guarded merge. */
class KindMarkersTest {

    /** A page whose link paths are {@code paths} (one link each) and whose body class is {@code marker}. */
    private static SitePage page(String url, String marker, String... paths) {
        Map<String, List<String>> links = new LinkedHashMap<>();
        for (String p : paths) {
            links.put(p, List.of("http://s.test/" + p.toLowerCase() + "-" + url));
        }
        return new SitePage("http://s.test/" + url, links, Map.of(), Map.of(), marker);
    }

    private static List<List<String>> urls(List<PageClass> classes) {
        List<List<String>> out = new ArrayList<>();
        classes.forEach(c -> out.add(c.pages().stream().map(p -> p.url().substring("http://s.test/".length()))
                .toList()));
        return out;
    }

    @Test
    void aModelWithoutMarkersIsReturnedAsItIs() {
        List<PageClass> model = List.of(PageClass.of(page("a", null, "A", "B"), page("b", null, "A", "B")),
                PageClass.of(page("c", null, "C")));
        assertSame(model, KindMarkers.regroup(model));
    }

    @Test
    void oneTemplateOfTwoKindsIsSplitByKindAndTheThemeWordIsNoKind() {
        // RDoc: class and module pages in one structural class; "doc" on every page is the theme
        List<PageClass> model = List.of(PageClass.of(
                page("c1", "doc class", "A", "B"), page("m1", "doc module", "A", "B"),
                page("c2", "doc class", "A", "B"), page("m2", "doc module", "A", "B"),
                page("c3", "doc class", "A", "B"), page("m3", "doc module", "A", "B")));
        assertEquals(List.of(List.of("c1", "c2", "c3"), List.of("m1", "m2", "m3")),
                urls(KindMarkers.regroup(model)));
    }

    @Test
    void partsOfOneKindNearerToEachOtherThanToAnyOtherKindMerge() {
        // jsoup: type pages in two structural classes (optional sections), a package page of another kind far off
        List<PageClass> model = List.of(
                PageClass.of(page("t1", "type", "NAV", "SUMMARY", "FIELDS"), page("t2", "type", "NAV", "SUMMARY",
                        "FIELDS"), page("t3", "type", "NAV", "SUMMARY", "FIELDS")),
                PageClass.of(page("t4", "type", "NAV", "SUMMARY", "METHODS"), page("t5", "type", "NAV", "SUMMARY",
                        "METHODS"), page("t6", "type", "NAV", "SUMMARY", "METHODS")),
                PageClass.of(page("p1", "package", "NAV", "TABLE", "LIST"), page("p2", "package", "NAV", "TABLE",
                        "LIST"), page("p3", "package", "NAV", "TABLE", "LIST")));
        assertEquals(List.of(List.of("t1", "t2", "t3", "t4", "t5", "t6"), List.of("p1", "p2", "p3")),
                urls(KindMarkers.regroup(model)));
    }

    @Test
    void partsOfOneKindStayApartWhereAnotherKindLiesNearer() {
        // t4..t6 share their paths with the package pages: the word is no reason to take them from there
        List<PageClass> model = List.of(
                PageClass.of(page("t1", "type", "X", "Y", "Z"), page("t2", "type", "X", "Y", "Z"),
                        page("t3", "type", "X", "Y", "Z")),
                PageClass.of(page("t4", "type", "NAV", "TABLE", "LIST"), page("t5", "type", "NAV", "TABLE", "LIST"),
                        page("t6", "type", "NAV", "TABLE", "LIST")),
                PageClass.of(page("p1", "package", "NAV", "TABLE", "LIST"), page("p2", "package", "NAV", "TABLE",
                        "LIST"), page("p3", "package", "NAV", "TABLE", "LIST"), page("p4", "package", "NAV", "TABLE",
                        "LIST")));
        assertEquals(List.of(List.of("t1", "t2", "t3"), List.of("t4", "t5", "t6"), List.of("p1", "p2", "p3", "p4")),
                urls(KindMarkers.regroup(model)));
    }

    @Test
    void aMarkerThatNamesEachPageGivesNoKind() {
        // MediaWiki: page-<name> on each page (two pages share one), a flag on all but the entry point
        List<PageClass> model = List.of(
                PageClass.of(page("main", "wiki page-main", "HOME")),
                PageClass.of(page("f1", "wiki nav page-f1", "A"), page("f2", "wiki nav page-f1", "A"),
                        page("f3", "wiki nav page-f3", "A")),
                PageClass.of(page("h1", "wiki nav page-h1", "B"), page("h2", "wiki nav page-h2", "B")));
        assertSame(model, KindMarkers.regroup(model));
    }

    @Test
    void oneKindAloneIsAFlagNotAKind() {
        // every page but the entry carries one word: merging by it would merge the whole site
        List<PageClass> model = List.of(
                PageClass.of(page("main", "site", "HOME")),
                PageClass.of(page("f1", "site nav", "A"), page("f2", "site nav", "A")),
                PageClass.of(page("h1", "site nav", "B"), page("h2", "site nav", "B")));
        assertSame(model, KindMarkers.regroup(model));
    }

    @Test
    void pagesWithoutAKindStayInTheirStructuralClass() {
        List<PageClass> model = List.of(
                PageClass.of(page("c1", "class", "A"), page("c2", "class", "A"), page("c3", "class", "A"),
                        page("x", null, "A")),
                PageClass.of(page("m1", "module", "B"), page("m2", "module", "B"), page("m3", "module", "B")));
        assertEquals(List.of(List.of("c1", "c2", "c3"), List.of("x"), List.of("m1", "m2", "m3")),
                urls(KindMarkers.regroup(model)));
    }
}
