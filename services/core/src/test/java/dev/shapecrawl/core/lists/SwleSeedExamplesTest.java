package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The worked examples of the SWLE specification ({@code shared/specs/agostinho-2015-swle.md} §5), which follow the
 * thesis's own figures where it has them (Figures 2, 4, 8–9, 13).
 */
class SwleSeedExamplesTest {
    private static final SwleSettings S1 = SwleSettings.thesis(1);

    private static List<ExtractedList> extract(SwleSettings s, String body) {
        return new SwleExtractor(s).extract("<html><body>" + body + "</body></html>");
    }

    private static String paragraphs(String tag, String... texts) {
        StringBuilder sb = new StringBuilder();
        for (String t : texts) {
            sb.append('<').append(tag).append('>').append(t).append("</").append(tag).append(">\n");
        }
        return sb.toString();
    }

    @Test
    void figure4CanonicalExampleGivesThreeRowsOfThreeColumns() {
        List<ExtractedList> lists = extract(S1,
                "<div>" + paragraphs("p", "ABC - DE (FG)", "HIJ - LM (NO)", "PQR - ST (UV)") + "</div>");
        assertEquals(1, lists.size());
        ExtractedList l = lists.get(0);
        assertEquals("* - * ( * )", l.identity());
        assertEquals(List.of("-", "(", ")"), l.separators());
        assertEquals(List.of(0, 1, 2), l.keptColumns(), "the empty last column is removed");
        assertEquals(List.of(List.of("ABC", "DE", "FG"), List.of("HIJ", "LM", "NO"), List.of("PQR", "ST", "UV")),
                l.rows());
    }

    static final String[] CARTOONS = {
        "\"What's Opera, Doc?\" — Chuck Jones, Warner Bros., 1957",
        "\"Duck Amuck\" — Chuck Jones, Warner Bros., 1953",
        "\"The Band Concert\" — Wilfred Jackson, Disney, 1935",
        "\"Duck Dodgers in the 24½th Century\" — Chuck Jones, Warner Bros., 1953",
        "\"One Froggy Evening\" — Chuck Jones, Warner Bros., 1955",
        "\"Gertie the Dinosaur\" — Winsor McCay, 1914",
        "\"Red Hot Riding Hood\" — Tex Avery, Metro-Goldwyn-Mayer, 1943",
        "\"Porky in Wackyland\" — Bob Clampett, Warner Bros., 1938",
        "\"Gerald McBoing-Boing\" — Robert Cannon, UPA (Columbia Pictures), 1951",
        "\"King Size Canary\" — Tex Avery, Metro-Goldwyn-Mayer, 1947",
    };

    @Test
    void figure2CartoonListGivesFourColumnsOfNineRows() {
        List<ExtractedList> lists = extract(S1, "<ol>" + paragraphs("li", CARTOONS) + "</ol>");
        assertEquals(1, lists.size());
        ExtractedList l = lists.get(0);
        assertEquals("\" * \" — * , * , *", l.identity());
        assertEquals(4, l.columnCount());
        assertEquals(9, l.rows().size(), "Gertie (no producer) lacks the second comma and is dropped");
        assertEquals(List.of("What's Opera, Doc?", "Chuck Jones", "Warner Bros.", "1957"), l.rows().get(0),
                "greedy separation keeps the inner comma in the title (the a/x/b/y/c case)");
        assertEquals(List.of("Gerald McBoing-Boing", "Robert Cannon", "UPA (Columbia Pictures)", "1951"),
                l.rows().get(7));
        // predominance 8/10 = 0.8: passes IP 0.5, fails IP 0.9 (settings S5-S8)
        assertTrue(extract(SwleSettings.thesis(5), "<ol>" + paragraphs("li", CARTOONS) + "</ol>").isEmpty());
        // RL 6 / ND 4 keeps it (spec §5.2)
        assertEquals(9, extract(SwleSettings.thesis(3), "<ol>" + paragraphs("li", CARTOONS) + "</ol>")
                .get(0).rows().size());
    }

    @Test
    void figures8And9TwoGroupsSplitByANullNode() {
        List<ExtractedList> lists = extract(S1, "<div>" + paragraphs("p", "Ana Silva - Lisboa", "Bruno Costa - Porto.",
                "Carla Dias - Braga.", "Diego Lima - Faro", "Mon: 8am", "Tue: 9am", "Wed: 10am", "Thu: 8am") + "</div>");
        assertEquals(2, lists.size());
        assertEquals("* - *", lists.get(0).identity());
        assertEquals(List.of(List.of("Ana Silva", "Lisboa"), List.of("Bruno Costa", "Porto."),
                List.of("Carla Dias", "Braga."), List.of("Diego Lima", "Faro")), lists.get(0).rows(),
                "the second derivation drops the '.' records 2 and 3 share, so it stays in the cell");
        assertEquals("* : *", lists.get(1).identity());
        assertEquals(List.of("Mon", "8am"), lists.get(1).rows().get(0));
        assertEquals(4, lists.get(1).rows().size());
        assertEquals(0, lists.get(0).ordinal());
        assertEquals(1, lists.get(1).ordinal());
    }

    @Test
    void rcRuleRemovesARepeatedLinkColumn() {
        String items = paragraphs("li", "Lisbon - 545923 | <a href='#'>more</a>", "Porto - 237591 | <a href='#'>more</a>",
                "Braga - 181494 | <a href='#'>more</a>", "Faro - 64560 | <a href='#'>more</a>");
        List<ExtractedList> lists = extract(S1, "<ul>" + items + "</ul>");
        assertEquals(1, lists.size());
        assertEquals("* - * | *", lists.get(0).identity());
        assertEquals(List.of(0, 1), lists.get(0).keptColumns(), "'more' repeats in 4 of 4 rows (1.0 > 0.8)");
        assertEquals(List.of("Lisbon", "545923"), lists.get(0).rows().get(0));
    }

    @Test
    void rcRuleKeepsAColumnRepeatedExactlyAtRc() {
        // 4 of 5 rows share "x": rate 0.8 is not greater than RC 0.8, so the column stays (spec §4.4, strict >)
        List<ExtractedList> lists = extract(S1, "<ul>" + paragraphs("li", "a - x", "b - x", "c - x", "d - x", "e - y")
                + "</ul>");
        assertEquals(List.of(0, 1), lists.get(0).keptColumns());
    }

    static final String AD = "Buy now, the best offer of the season. Our prices are the lowest in town and delivery "
            + "is free for every order above ten";

    @Test
    void crRuleALowerCrJoinsTheListAcrossALongParagraph() {
        assertTrue(AD.length() > 80 && AD.length() <= 160, "the advertisement is between the two CR values");
        String body = "<div>" + paragraphs("p", "Ana - 32", "Bruno - 45", "Carla - 27", AD, "Diego - 51", "Elisa - 38",
                "Fabio - 60") + "</div>";
        List<ExtractedList> cr160 = extract(S1, body);
        assertEquals(2, cr160.size(), "CR 160 keeps the paragraph as a record, which splits the run");
        assertEquals(3, cr160.get(0).rows().size());
        assertEquals(3, cr160.get(1).rows().size());
        List<ExtractedList> cr80 = extract(SwleSettings.thesis(2), body);
        assertEquals(1, cr80.size(), "CR 80 turns the paragraph into null, so the items are adjacent");
        assertEquals(6, cr80.get(0).rows().size());
        assertTrue(extract(SwleSettings.thesis(3), body).isEmpty(), "RL 6 / ND 4 with CR 160: nothing");
        assertEquals(6, extract(SwleSettings.thesis(4), body).get(0).rows().size(), "RL 6 / ND 4 with CR 80");
    }

    @Test
    void crRuleMergedRecordLongerThanCrIsNull() {
        TextRecord a = TextRecord.ofText("x".repeat(50));
        TextRecord b = TextRecord.ofText("y".repeat(29));
        assertEquals(80, TextRecord.merge(List.of(a, b), 80).text().length(), "80 characters are kept");
        assertEquals(null, TextRecord.merge(List.of(a, b, TextRecord.ofText("z")), 80), "82 exceed CR");
    }

    @Test
    void figure13Scenario1BrSeparatedPlainTextIsExtracted() {
        for (SwleSettings s : List.of(S1, S1.improved())) {
            List<ExtractedList> lists = extract(s, "<div>Alpha (10)<br>Beta (20)<br>Gamma (30)</div>");
            assertEquals(1, lists.size(), s.name());
            assertEquals("* ( * )", lists.get(0).identity());
            assertEquals(List.of(List.of("Alpha", "10"), List.of("Beta", "20"), List.of("Gamma", "30")),
                    lists.get(0).rows());
        }
    }

    @Test
    void figure13Scenario2RecordsInTheirOwnTagsWithInnerTagsAreExtracted() {
        String body = "<ul><li><b>Alpha</b> (<i>10</i>)</li><li><b>Beta</b> (<i>20</i>)</li>"
                + "<li><b>Gamma</b> (<i>30</i>)</li></ul>";
        for (SwleSettings s : List.of(S1, S1.improved())) {
            List<ExtractedList> lists = extract(s, body);
            assertEquals(1, lists.size(), s.name());
            assertEquals(List.of("Beta", "20"), lists.get(0).rows().get(1));
        }
    }

    @Test
    void figure13Scenario3BrSeparatedRecordsWithInnerTagsFailFaithfullyAndWorkImproved() {
        String body = "<div><b>Alpha</b> (10)<br><b>Beta</b> (20)<br><b>Gamma</b> (30)</div>";
        assertTrue(extract(S1, body).isEmpty(), "the seed loses it: records alternate X and (Y), L1 is all NULL");
        List<ExtractedList> improved = extract(S1.improved(), body);
        assertEquals(1, improved.size());
        assertEquals(List.of(List.of("Alpha", "10"), List.of("Beta", "20"), List.of("Gamma", "30")),
                improved.get(0).rows());
    }

    @Test
    void theSeedsExamplesHoldWithEveryAdditionOn() {
        SwleSettings d = SwleSettings.defaults();
        ExtractedList fig4 = extract(d, "<div>" + paragraphs("p", "ABC - DE (FG)", "HIJ - LM (NO)", "PQR - ST (UV)")
                + "</div>").get(0);
        assertEquals(List.of("HIJ", "LM", "NO"), fig4.rows().get(1));
        ExtractedList cartoons = extract(d, "<ol>" + paragraphs("li", CARTOONS) + "</ol>").get(0);
        assertEquals(9, cartoons.rows().size());
        assertEquals(4, cartoons.columnCount());
        List<ExtractedList> twoGroups = extract(d, "<div>" + paragraphs("p", "Ana Silva - Lisboa",
                "Bruno Costa - Porto.", "Carla Dias - Braga.", "Diego Lima - Faro", "Mon: 8am", "Tue: 9am", "Wed: 10am",
                "Thu: 8am") + "</div>");
        assertEquals(List.of("* - *", "* : *"), twoGroups.stream().map(ExtractedList::identity).toList());
        assertEquals(List.of(4, 4), twoGroups.stream().map(l -> l.rows().size()).toList());
        String rc = paragraphs("li", "Lisbon - 545923 | <a href='#'>more</a>", "Porto - 237591 | <a href='#'>more</a>",
                "Braga - 181494 | <a href='#'>more</a>", "Faro - 64560 | <a href='#'>more</a>");
        assertEquals(List.of(0, 1), extract(d, "<ul>" + rc + "</ul>").get(0).keptColumns());
        List<ExtractedList> cr = extract(d, "<div>" + paragraphs("p", "Ana - 32", "Bruno - 45", "Carla - 27",
                "Diego - 51", "Elisa - 38", "Fabio - 60") + "</div>");
        assertEquals(6, cr.get(0).rows().size());
    }
}
