package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SWLE stages one by one: tokenizer, separation, settings, split-list merging, list ids. */
class SwleUnitsTest {

    @Test
    void tokenizerPeelsSpecialCharactersOffWordEdgesOnly() {
        List<String> texts = Tokenizer.tokenize(
                        "\"What's Opera, Doc?\" — Chuck Jones, Warner Bros., 1957 (e-mail: a@b.pt) R$10,00 ...!")
                .stream().map(Token::text).toList();
        assertEquals(List.of("\"", "What's", "Opera", ",", "Doc", "?", "\"", "—", "Chuck", "Jones", ",", "Warner",
                "Bros", ".", ",", "1957", "(", "e-mail", ":", "a@b.pt", ")", "R$10,00", ".", ".", ".", "!"), texts);
        assertTrue(Tokenizer.tokenize(" \u00a0\n\t").isEmpty());
    }

    @Test
    void tokenizerRecordsWhitespaceBeforeTokens() {
        List<Token> t = Tokenizer.tokenize("Warner Bros., 1957");
        assertEquals(List.of(false, true, false, false, true), t.stream().map(Token::spaceBefore).toList());
        assertEquals("Warner Bros.", Separation.cellText(t.subList(0, 3)));
    }

    @Test
    void separationSkipsExtraSeparatorsBetweenTheStandardOnes() {
        // thesis §4.2.4: standard separators x, y; record a x b y c completes
        List<Token> toks = Tokenizer.tokenize("1 ; 2 - 3 ; 4 : 5 , 6");
        List<List<Token>> cells = Separation.separate(toks, List.of("-", ":"));
        assertEquals(List.of("1 ; 2", "3 ; 4", "5 , 6"), cells.stream().map(Separation::cellText).toList());
        assertNull(Separation.separate(toks, List.of(":", "-")), "separators out of order: incomplete");
    }

    @Test
    void settingsAreTheThesisTableAndValidatedLoudly() {
        SwleSettings s2 = SwleSettings.faithful();
        assertEquals(List.of(3, 2, 80), List.of(s2.rl(), s2.nd(), s2.cr()));
        assertEquals(0.5, s2.ip());
        assertEquals(0.8, s2.rc());
        assertEquals("S2", s2.name());
        assertEquals("S2+br+split+cells+siblings+nocode+datacols+inline+grids+numbers+blocks+nested+entries+terms+rowgroups+cycles+notlists", SwleSettings.defaults().name());
        SwleSettings s8 = SwleSettings.thesis(8);
        assertEquals(List.of(6, 4, 80), List.of(s8.rl(), s8.nd(), s8.cr()));
        assertEquals(0.9, s8.ip());
        assertThrows(IllegalArgumentException.class, () -> SwleSettings.thesis(9));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SwleSettings(4, 4, 80, 0.5, 0.8, true, java.util.Set.of()));
        assertTrue(e.getMessage().contains("ND + 1"), e.getMessage());
        assertEquals(SwleSettings.thesis(6).improved(), SwleSettings.fromProperties(Map.of("setting", "S6")));
        assertEquals(SwleSettings.thesis(6), SwleSettings.fromProperties(Map.of("setting", "6", "additions", "none")));
        assertEquals(java.util.Set.of(Addition.BR_LINES, Addition.CELLS),
                SwleSettings.fromProperties(Map.of("additions", "br, cells")).additions());
        assertThrows(IllegalArgumentException.class, () -> SwleSettings.fromProperties(Map.of("additions", "x")));
        assertEquals(120, SwleSettings.fromProperties(Map.of("cr", "120")).cr());
        assertThrows(IllegalArgumentException.class, () -> SwleSettings.fromProperties(Map.of("crr", "1")));
        assertThrows(IllegalArgumentException.class, () -> SwleSettings.fromProperties(Map.of("ip", "x")));
    }

    static String index(String... letters) {
        StringBuilder sb = new StringBuilder("<div class='index'>");
        int n = 0;
        for (String letter : letters) {
            sb.append("<h2>").append(letter).append("</h2><ul>");
            for (int i = 1; i <= 3; i++) {
                sb.append("<li>").append(letter).append("func").append(i).append("() - returns the ").append(++n)
                        .append("th value</li>");
            }
            sb.append("</ul>");
        }
        return sb.append("</div>").toString();
    }

    @Test
    void aListSplitAcrossSiblingContainersIsMergedBackInTheImprovedMode() {
        String html = "<html><body>" + index("A", "B", "C") + "</body></html>";
        List<ExtractedList> faithful = new SwleExtractor(SwleSettings.faithful()).extract(html);
        assertEquals(3, faithful.size(), "the seed finds three lists of three");
        List<ExtractedList> improved = new SwleExtractor(SwleSettings.defaults()).extract(html);
        assertEquals(1, improved.size());
        assertEquals(9, improved.get(0).rows().size());
        assertEquals(faithful.get(0).id(), improved.get(0).id(), "the merged list keeps the first part's id");
    }

    @Test
    void parallelContainersDifferAtExactlyOneLevel() {
        assertTrue(SplitListMerger.parallel("body[1]/div[0]/ul[1]", "body[1]/div[0]/ul[3]"));
        assertTrue(SplitListMerger.parallel("body[1]/div[0]/ul[1]", "body[1]/div[2]/ul[1]"));
        assertFalse(SplitListMerger.parallel("body[1]/div[0]/ul[1]", "body[1]/div[0]/ol[3]"));
        assertFalse(SplitListMerger.parallel("body[1]/div[0]/ul[1]", "body[1]/div[2]/ul[3]"));
        assertFalse(SplitListMerger.parallel("body[1]/div[0]/ul[3]", "body[1]/div[0]/ul[1]"));
    }

    @Test
    void listIdsAreStableAcrossRunsAndDistinctWithinAPage() {
        String html = "<html><body><ul><li>a - 1</li><li>b - 2</li><li>c - 3</li></ul>"
                + "<ol><li>x: 1</li><li>y: 2</li><li>z: 3</li></ol></body></html>";
        List<ExtractedList> first = new SwleExtractor(SwleSettings.defaults()).extract(html);
        List<ExtractedList> again = new SwleExtractor(SwleSettings.defaults()).extract(html);
        assertEquals(2, first.size());
        assertEquals(first.stream().map(ExtractedList::id).toList(), again.stream().map(ExtractedList::id).toList());
        assertFalse(first.get(0).id().equals(first.get(1).id()));
        assertEquals("body[1]/ul[0]", first.get(0).container());
        assertEquals(16, first.get(0).id().length());
    }
}
