package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 20: {@link Addition#NUMBERS}, a section number parted from its title by a space only. */
class SectionNumbersTest {
    /** A texinfo table of contents: chapters "1. Title" with sections "1.1 Title" nested in them. */
    private static final String TOC = "<ul class=toc>"
            + "<li><a href=#1>1. Introduction</a><ul class=toc><li><a href=#11>1.1 The Purpose of GNU gettext</a></li>"
            + "<li><a href=#12>1.2 I18n, L10n, and Such</a></li><li><a href=#13>1.3 Aspects in Native Language Support</a></li></ul></li>"
            + "<li><a href=#2>2. The User's View</a><ul class=toc><li><a href=#21>2.1 Operating System Installation</a></li>"
            + "<li><a href=#22>2.2 Setting the Locale</a></li><li><a href=#23>2.3 Obtaining good output</a></li></ul></li>"
            + "<li><a href=#3>3. The Format of PO Files</a><ul class=toc><li><a href=#31>3.1 Entries</a></li>"
            + "<li><a href=#32>3.2 Headers</a></li><li><a href=#33>3.3 Comments</a></li></ul></li></ul>";

    @Test
    void everyLevelOfANumberedTableOfContentsIsAList() {
        List<ExtractedList> lists = new SwleExtractor(SwleSettings.defaults()).extract(TOC);
        assertEquals(4, lists.size(), lists.toString());
        ExtractedList first = lists.get(0);
        assertEquals(List.of(List.of("1.1", "The Purpose of GNU gettext"), List.of("1.2", "I18n, L10n, and Such"),
                List.of("1.3", "Aspects in Native Language Support")), first.rows(), "number and title, two attributes");
        assertEquals(List.of("1", "Introduction"), lists.get(3).rows().get(0), "the chapters, cut at their dot");
    }

    @Test
    void withoutTheAdditionOnlyTheChaptersAreAList() {
        SwleSettings without = SwleSettings.defaults().withAdditions(EnumSet.complementOf(EnumSet.of(Addition.NUMBERS)));
        List<ExtractedList> lists = new SwleExtractor(without).extract(TOC);
        assertTrue(lists.stream().noneMatch(l -> l.rows().get(0).get(0).equals("1.1")), lists.toString());
    }

    @Test
    void onlyALeadingNumberBeforeAWordIsParted() {
        TextRecord numbered = TextRecord.ofText("2.3.1 Locale Names").numbered();
        assertEquals(TextRecord.NUMBER_BOUNDARY, numbered.tokens().get(1).text());
        TextRecord dotted = TextRecord.ofText("1. Introduction");
        assertEquals(dotted.tokens(), dotted.numbered().tokens(), "a dot parts it already");
        TextRecord word = TextRecord.ofText("Version 1.2 notes");
        assertEquals(word.tokens(), word.numbered().tokens(), "not a leading number");
        TextRecord alone = TextRecord.ofText("42");
        assertEquals(alone.tokens(), alone.numbered().tokens(), "a number alone is one attribute");
    }
}
