package dev.shapecrawl.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.TargetPage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PageEventHeads}: the views' fields of the two large page events, read past the bodies. */
class PageEventHeadsTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aTargetPagesHeadIsReadWhateverItsBodyHolds() {
        String body = "<html><body>" + "<p>\"quoted\" \\ and ünïcode {[,]}</p>".repeat(20_000) + "</body></html>";
        PageEventHeads.Target t = PageEventHeads.target(utf8(EventCodec.encode(
                new TargetPage("job-1", "http://site.test/a.html", Purpose.CRAWL, 0.93, "UTF-8", body))));
        assertEquals(new PageEventHeads.Target("job-1", "http://site.test/a.html", Purpose.CRAWL, 0.93), t);
    }

    @Test
    void aClassifiedPagesHeadTakesThePurposeFromItsRequest() {
        FetchRequest request = FetchRequest.get("job-1", "http://site.test/b.html", Purpose.MAP, 1);
        String json = EventCodec.encode(new PageClassified("job-1", request, "http://site.test/b2.html", 200, 0.41,
                false, null, List.of(), List.of(), null, 100, 10, null, null, null));
        assertEquals(new PageEventHeads.Classified("job-1", "http://site.test/b2.html", Purpose.MAP, 0.41, false),
                PageEventHeads.classified(utf8(json)));
        PageEventHeads.Classified target = PageEventHeads.classified(utf8(EventCodec.encode(new PageClassified(
                "job-1", request, "http://site.test/b.html", 200, 0.97, true, null, List.of(), List.of(), null, 100,
                10, null, null, null))));
        assertTrue(target.target());
    }

    @Test
    void anUnclassifiedPageHasNoSimilarity() {
        FetchRequest request = FetchRequest.get("job-1", "http://site.test/c.pdf", Purpose.MAP, 1);
        PageEventHeads.Classified c = PageEventHeads.classified(utf8(EventCodec.encode(new PageClassified("job-1",
                request, "http://site.test/c.pdf", 200, null, false, null, List.of(), List.of(), null, 100, 0, null,
                null, null))));
        assertNull(c.similarity());
        assertFalse(c.target());
    }

    @Test
    void anythingElseIsSkipped() {
        String target = EventCodec.encode(new TargetPage("job-1", "http://site.test/a.html", Purpose.CRAWL, 0.9,
                "UTF-8", "<html></html>"));
        assertNull(PageEventHeads.classified(utf8(target)), "another event type");
        assertNull(PageEventHeads.target(utf8(target.substring(0, target.length() / 2))), "cut short");
        assertNull(PageEventHeads.target(utf8("not json")));
        assertNull(PageEventHeads.target(utf8("[1,2]")));
        assertNull(PageEventHeads.target(new byte[0]));
        assertNull(PageEventHeads.target(null));
        assertNull(PageEventHeads.target(utf8("{\"type\":\"target-page\",\"jobId\":\"j\"}")), "fields missing");
        assertNull(PageEventHeads.target(utf8(target.replace("\"CRAWL\"", "\"SOMETIMES\""))), "an unknown purpose");
    }
}
