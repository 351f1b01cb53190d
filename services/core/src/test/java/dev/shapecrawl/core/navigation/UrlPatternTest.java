package dev.shapecrawl.core.navigation;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** URLPattern, Algorithm 4 (specification §5.4), and the thesis's worked example (Figure 3.4, §5.5). */
class UrlPatternTest {
    private static final String DBLP = "http://informatik.uni-trier.de/~ley/db/indices/a-tree/";
    private static final List<String> AUTHORS = List.of(DBLP + "c/Chaves:Silvio_8.html",
            DBLP + "u/Ugher:Mangabeira_D.html", DBLP + "m/Mendes:Sergio.html");

    @Test
    void theDblpExampleGivesTheThesisLevels() {
        UrlPattern p = UrlPattern.of(AUTHORS);
        assertEquals(List.of("informatik\\.uni-trier\\.de", "~ley", "db", "indices", "a-tree", "[a-zA-Z]+",
                "[a-zA-Z]+:[a-zA-Z]+_*[a-zA-Z0-9]*\\.html"), p.levels(), "levels 1-5 verbatim, 6 and 7 generalised");
        assertEquals("^https?://informatik\\.uni-trier\\.de/~ley/db/indices/a-tree/[a-zA-Z]+/"
                + "[a-zA-Z]+:[a-zA-Z]+_*[a-zA-Z0-9]*\\.html$", p.regex());
    }

    @Test
    void theDblpPatternMatchesItsUrlsAndNewAuthorsOnly() {
        UrlPattern p = UrlPattern.of(AUTHORS);
        AUTHORS.forEach(u -> assertTrue(p.matches(u), u));
        assertTrue(p.matches(DBLP + "s/Silva:Altigran_Soares.html"), "a new author");
        assertTrue(p.matches("https://informatik.uni-trier.de/~ley/db/indices/a-tree/v/Vidal:Marcio.html"), "https");
        assertFalse(p.matches(DBLP + "c/x/Chaves:Silvio_8.html"), "one level more");
        assertFalse(p.matches("http://informatik.uni-trier.de/~ley/db/indices/Chaves:Silvio_8.html"), "one less");
        assertFalse(p.matches(DBLP + "c/Chaves.html"), "no colon");
        assertFalse(p.matches(DBLP + "c/Chaves:Silvio_8xhtml"), "the dot is quoted");
        assertFalse(p.matches("http://other.test/~ley/db/indices/a-tree/c/Chaves:Silvio_8.html"), "another host");
        assertFalse(p.matches("x" + AUTHORS.get(0)), "anchored");
    }

    @Test
    void theEnglishPapersSpellingWithEqualsSigns() {
        // The 2008 paper prints the names as DBLP encoded them, with '=' (Figure 6)
        UrlPattern p = UrlPattern.of(List.of(DBLP + "c/Chaves:Silvio_8=.html", DBLP + "u/Ugher:Mangabeira_D=.html",
                DBLP + "m/Mendes:Sergio.html"));
        assertEquals("[a-zA-Z]+:[a-zA-Z]+_*[a-zA-Z0-9]*=*\\.html", p.levels().get(6));
    }

    @Test
    void theEJazzPatternsOfTableThreeOne() {
        UrlPattern lists = UrlPattern.of(List.of("http://www.ejazz.com.br/artistas/defaultA.asp",
                "http://www.ejazz.com.br/artistas/defaultB.asp", "http://www.ejazz.com.br/artistas/defaultZ.asp"));
        assertEquals("^https?://www\\.ejazz\\.com\\.br/artistas/default[a-zA-Z]+\\.asp$", lists.regex(),
                "E1: a literal prefix, then letters");
        UrlPattern artists = UrlPattern.of(List.of("http://www.ejazz.com.br/detalhes-artistas.asp?cd=17",
                "http://www.ejazz.com.br/detalhes-artistas.asp?cd=148", "http://www.ejazz.com.br/detalhes-artistas.asp?cd=9"));
        assertEquals("^https?://www\\.ejazz\\.com\\.br/detalhes-artistas\\.asp\\?cd=[0-9]+$", artists.regex(),
                "E2: digits after a quoted '?'");
    }

    @Test
    void aPrefixThatIsAWholeValueDoesNotOverlapTheSuffix() {
        // prefix "abc" first; the suffix is then taken of "" and "abc", which is empty (computed on the whole
        // values it would be "abc" too, and the two would overlap in "abc")
        assertEquals("abc(?:abc)*", UrlPattern.level(List.of("abc", "abcabc"), false));
        assertEquals("list2*", UrlPattern.level(List.of("list", "list2"), false));
        assertEquals("a\\.html\\.*(?:bak)*", UrlPattern.level(List.of("a.html", "a.html.bak"), false),
                "tokens aligned by position only: '.' and 'bak' each optional");
        UrlPattern p = UrlPattern.of(List.of("http://h.test/x/abc", "http://h.test/x/abcabc"));
        assertTrue(p.matches("http://h.test/x/abc") && p.matches("http://h.test/x/abcabc"));
    }

    @Test
    void aCommonPartNeverCutsANumber() {
        // Algorithm 4 as printed gives cd=1[0-9]+ and page=1[0-9]*, missing cd=7, cd=200 and page=3
        assertEquals("cd=[0-9]+", UrlPattern.level(List.of("cd=123", "cd=145", "cd=167")));
        assertEquals("page=[0-9]+", UrlPattern.level(List.of("page=1", "page=12")));
        assertEquals("item-[0-9]+\\.html", UrlPattern.level(List.of("item-13.html", "item-23.html")),
                "a shared trailing digit stays in the number too");
        assertEquals("v[0-9]+-[0-9]+", UrlPattern.level(List.of("v2-10", "v2-31")),
                "a number in the common prefix matches any number too");
        assertEquals("list\\?page=[0-9]+", UrlPattern.level(List.of("list?page=2", "list?page=2")),
                "page=2 on every mapped list still matches page=3");
        assertEquals("cd=1[0-9]+", UrlPattern.level(List.of("cd=123", "cd=145"), false), "Algorithm 4 as printed");
        assertEquals("default[a-zA-Z]+\\.asp", UrlPattern.level(List.of("defaultA.asp", "defaultB.asp")),
                "letters keep the character-level prefix (E1 of Table 3.1)");
        UrlPattern p = UrlPattern.of(List.of("http://h.test/detail.asp?cd=123", "http://h.test/detail.asp?cd=145"));
        assertTrue(p.matches("http://h.test/detail.asp?cd=7") && p.matches("http://h.test/detail.asp?cd=200"));
    }

    @Test
    void literalsAreQuotedReadably() {
        UrlPattern p = UrlPattern.of(List.of("http://h.test/c++/a.b?x=1+2&y=(3)", "http://h.test/c++/a.b?x=1+2&y=(4)"));
        assertEquals("^https?://h\\.test/c\\+\\+/a\\.b\\?x=[0-9]+\\+[0-9]+&y=\\([0-9]+\\)$", p.regex());
        assertTrue(p.matches("http://h.test/c++/a.b?x=1+2&y=(77)"));
        assertFalse(p.matches("http://h.test/cc/a.b?x=1+2&y=(77)"), "+ is a literal plus");
        assertFalse(p.matches("http://h.test/c++/aXb?x=1+2&y=(77)"), ". is a literal dot");
        assertFalse(p.regex().contains("\\Q"), "no \\Q…\\E blocks");
    }

    @Test
    void oneUrlIsItsOwnLiteralPatternButForItsNumbers() {
        UrlPattern seed = UrlPattern.ofLevels(List.of(UrlLevels.of("http://h.test/a/b.html?q=1")), false);
        assertEquals("^https?://h\\.test/a/b\\.html\\?q=1$", seed.regex());
        assertTrue(seed.matches("https://h.test/a/b.html?q=1"));
        assertFalse(seed.matches("http://h.test/a/b.html?q=2"));
        UrlPattern p = UrlPattern.of(List.of("http://h.test:8080/a/b.html?q=1"));
        assertEquals("^https?://h\\.test:8080/a/b\\.html\\?q=[0-9]+$", p.regex(), "the host keeps its port");
        assertTrue(p.matches("http://h.test:8080/a/b.html?q=2"));
        assertFalse(p.matches("http://h.test:8081/a/b.html?q=2"));
    }

    @Test
    void refusesUrlsOfDifferentShapes() {
        assertThrows(IllegalArgumentException.class, () -> UrlPattern.of(List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> UrlPattern.of(List.of("http://h.test/a", "http://h.test/a/b")), "level counts");
        assertThrows(IllegalArgumentException.class,
                () -> UrlPattern.of(List.of("http://a.test/a", "http://b.test/a")), "first levels");
    }

    @Test
    void everyUrlMatchesThePatternMadeFromIt() {
        Random random = new Random(42);
        String path = "abcXYZ0129._-~:=&%+,;@!$*()'[]";
        String query = path + "?/";
        for (int round = 0; round < 2_000; round++) {
            int levels = 1 + random.nextInt(3);
            int n = 1 + random.nextInt(5);
            List<String> urls = new ArrayList<>();
            String[] base = new String[levels];
            for (int l = 0; l < levels; l++) {
                base[l] = word(random, path);
            }
            for (int i = 0; i < n; i++) {
                StringBuilder u = new StringBuilder("http://h.test");
                for (int l = 0; l < levels; l++) {
                    u.append('/').append(random.nextInt(3) == 0 ? word(random, path) : base[l]);
                }
                if (random.nextBoolean()) {
                    u.append('?').append(word(random, query)); // inside the last level, '/' included
                }
                urls.add(u.toString());
            }
            UrlPattern p = UrlPattern.of(urls);
            for (String u : urls) {
                assertTrue(p.matches(u), u + " !~ " + p + " (from " + urls + ")");
            }
        }
    }

    private static String word(Random random, String alphabet) {
        int len = random.nextInt(8);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < len; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }
}
