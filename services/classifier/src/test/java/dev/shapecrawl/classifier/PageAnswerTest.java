package dev.shapecrawl.classifier;

import dev.shapecrawl.core.classify.ClassifierSettings;
import dev.shapecrawl.core.classify.PageClassifier;
import dev.shapecrawl.core.page.PageAnalysisSettings;
import dev.shapecrawl.core.page.PageAnalyzer;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Timings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every fetched page gets an answer in {@code pages-classified}, even when classifying it fails: the pattern service
 * waits for one answer per page it requested, and a page dead-lettered instead held its crawl forever (found by
 * bin/eval-decision-e2e on a kept runtime whose classifier ran out of heap on erl_docgen's 1.8 MB pages).
 *
 * <p>The failure is thrown by the classification passed in: running a real classifier out of heap, or into a fault
 * of ours, cannot be done on purpose in a test. The classifier that answers is the real one.
 */
class PageAnswerTest {
    private final PageClassifier classifier = new PageClassifier(ClassifierSettings.defaults(),
            new PageAnalyzer(PageAnalysisSettings.defaults()));
    private final PageFetched page = page();

    @Test
    void aClassificationThatRunsOutOfHeapIsAnsweredAsUnclassifiableWithTheReason() {
        PageClassified answer = PageConsumer.answer(classifier, page, () -> {
            throw new OutOfMemoryError("Java heap space");
        }).classified();
        assertFalse(answer.target());
        assertNull(answer.similarity());
        assertEquals(page.request().url(), answer.request().url());
        assertTrue(answer.reason().startsWith("classification failed: java.lang.OutOfMemoryError"), answer.reason());
    }

    @Test
    void aFaultOfOursIsAnsweredTooAndNoTargetIsPublished() {
        PageClassifier.Outcome outcome = PageConsumer.answer(classifier, page, () -> {
            throw new IllegalStateException("a bug");
        });
        assertTrue(outcome.target().isEmpty());
        assertTrue(outcome.classified().reason().contains("IllegalStateException: a bug"),
                outcome.classified().reason());
    }

    @Test
    void aClassificationThatSucceedsIsPassedOnAsItIs() {
        PageClassifier.Outcome classified = classifier.unclassifiable(page, "no usable sample page for the job");
        assertSame(classified, PageConsumer.answer(classifier, page, () -> classified));
    }

    private static PageFetched page() {
        FetchRequest r = FetchRequest.get("answer-job", "http://docs.example.test/erlang.html", Purpose.CRAWL, 1);
        String body = "<html><body><p>x</p></body></html>";
        return new PageFetched(r, r.url(), List.of(r.url()), 200, "text/html", "UTF-8", body, false, body.length(), 1,
                new Timings(1, 1, 0), null);
    }
}
