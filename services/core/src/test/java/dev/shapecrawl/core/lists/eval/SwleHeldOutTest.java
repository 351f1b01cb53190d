package dev.shapecrawl.core.lists.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The held-out check of list extraction: 12 pages of the PostgreSQL manual and Guava's javadoc
 * ({@code src/test/resources/swle-heldout}), labelled by hand by the rules of the main set, never used to choose or
 * tune anything. Prints faithful S2 beside the default and writes {@code target/swle-heldout.md}
 * ({@code docs/evaluation.md}). It checks only that the set is whole: its numbers are reported, not targets.
 */
class SwleHeldOutTest {
    private static final Path DIR = Path.of("src/test/resources/swle-heldout");

    @Test
    void heldOutReport() throws IOException {
        List<LabelledPage> pages = LabelledPage.all(DIR);
        assertEquals(12, pages.size());
        StringBuilder out = new StringBuilder(String.format("%d pages, %d labelled lists%n%n", pages.size(),
                pages.stream().mapToInt(p -> p.lists().size()).sum()));
        out.append(ListScoring.HEADER).append('\n');
        for (SwleSettings s : List.of(SwleSettings.faithful(), SwleSettings.defaults())) {
            SwleExtractor extractor = new SwleExtractor(s);
            ListScoring.Counts total = ListScoring.Counts.ZERO;
            for (LabelledPage p : pages) {
                total = total.plus(ListScoring.score(p, extractor.extract(p.parse())));
            }
            out.append(total.row(s.name())).append('\n');
            assertTrue(total.labelledWithTables() > 0);
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/swle-heldout.md"), out);
        System.out.print(out);
    }
}
