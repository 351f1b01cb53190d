package dev.shapecrawl.core.lists;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Hostile pages finish without error and with bounded output (issue 5). Their cost is measured by JMH, not here
 * ({@code docs/benchmarks.md}).
 */
class SwleHostileInputTest {
    private final SwleExtractor extractor = new SwleExtractor(SwleSettings.defaults());

    @Test
    void tenMebibytesOfListRowsGiveOneBoundedList() {
        StringBuilder sb = new StringBuilder("<html><body><ul>");
        int rows = 0;
        while (sb.length() < 10 * 1024 * 1024) {
            sb.append("<li>item ").append(rows).append(" - value ").append(rows++).append("</li>\n");
        }
        List<ExtractedList> lists = extractor.extract(sb.append("</ul></body></html>").toString());
        assertEquals(1, lists.size());
        assertEquals(rows, lists.get(0).rows().size());
    }

    @Test
    void tenMebibytesOfOneTextBlockGiveNoListAndABoundedRecord() {
        String text = "word, ".repeat(10 * 1024 * 1024 / 6);
        assertTrue(extractor.extract("<html><body><div><p>" + text + "</p></div></body></html>").isEmpty());
        assertEquals(null, TextRecord.ofText(text), "not tokenized: beyond MAX_TEXT_CHARS");
        TextRecord opaque = TextRecord.ofText(text, true);
        assertTrue(opaque.isOpaque());
        assertTrue(opaque.text().length() <= TextRecord.MAX_OPAQUE_CHARS, "a long text is cut, not copied upward");
    }

    @Test
    void hundredThousandLevelsOfNestingDoNotOverflowTheStack() {
        String deep = "<div>".repeat(100_000) + "a - 1<br>b - 2<br>c - 3" + "</div>".repeat(100_000);
        List<ExtractedList> lists = extractor.extract("<html><body>" + deep + "</body></html>");
        assertEquals(1, lists.size(), "the parser flattens the nesting; the br lines still form the list");
    }

    @Test
    void pagesWithoutTextOrWithBinaryBytesGiveNothing() {
        assertTrue(extractor.extract("").isEmpty());
        assertTrue(extractor.extract("<html><body>" + "<div><img src=x></div>".repeat(50_000) + "</body></html>")
                .isEmpty());
        byte[] bytes = new byte[1 << 20];
        new Random(7).nextBytes(bytes);
        List<ExtractedList> binary = extractor.extract(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1));
        assertTrue(binary.size() < 100, "random bytes give few chance lists, got " + binary.size());
    }
}
