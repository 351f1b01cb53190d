package dev.shapecrawl.core.forms;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FormStepInstancesTest {
    private static Submission sub(int seq, TemplateInstance i, boolean error, int records) {
        List<String> sigs = IntStream.range(0, records).mapToObj(r -> i.key() + "#" + r).toList();
        return new Submission(seq, i, error, sigs);
    }

    @Test
    void theMostGeneralProductiveInstancesComeFirstThenTheRestOfTheCover() {
        TemplateInstance x = TemplateInstance.of("publisher", "x");
        TemplateInstance y = TemplateInstance.of("publisher", "y");
        TemplateInstance z = TemplateInstance.of("publisher", "z");
        TemplateInstance xEbook = TemplateInstance.of("publisher", "x", "format", "ebook");
        TemplateInstance zEbook = TemplateInstance.of("publisher", "z", "format", "ebook");
        TemplateInstance ebook = TemplateInstance.of("format", "ebook");
        List<Submission> log = List.of(
                sub(1, x, false, 10),
                sub(2, y, true, 0),        // an error page: not productive
                sub(3, z, false, 0),       // empty: not productive, so its refinement counts as general
                sub(4, ebook, false, 3),
                sub(5, xEbook, false, 4),  // x and ebook returned records: a refinement, dropped
                sub(6, zEbook, false, 2));
        // the cover kept a refinement and an instance the log made general anyway
        List<TemplateInstance> cover = List.of(xEbook, x);

        // zEbook refines ebook, which returned records: dropped like xEbook, which the cover brings back
        assertEquals(List.of(x, ebook, xEbook), FormStepInstances.of(log, cover));
    }

    @Test
    void nothingProductiveLeavesTheCover() {
        TemplateInstance a = TemplateInstance.of("a", "1");
        assertEquals(List.of(a), FormStepInstances.of(List.of(sub(1, a, true, 0)), List.of(a)));
        assertEquals(List.of(), FormStepInstances.of(List.of(sub(1, a, false, 0)), List.of()));
    }
}
