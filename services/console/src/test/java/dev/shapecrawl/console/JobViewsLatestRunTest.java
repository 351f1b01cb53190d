package dev.shapecrawl.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The targets view and the records view show the target pages of the job's latest run and their records: a re-crawl with a negative sample decides the
 * targets afresh and can drop pages an earlier run took (the held-out erl_docgen site: 814 pages in the first run,
 * 568 after a chapter page was given as the negative sample). Pure: the events are applied as the reader thread
 * applies them, with their record timestamps, no broker.
 */
class JobViewsLatestRunTest {
    private static final String JOB = "rerun";

    private static void target(JobViews views, String page, long writtenMs) {
        views.apply(Topics.TARGET_PAGES, page, EventCodec.encode(new TargetPage(JOB, "http://site.test/" + page,
                Purpose.CRAWL, 0.9, "UTF-8", "<html></html>")), writtenMs);
    }

    private static void status(JobViews views, long runStartedMs) {
        views.apply(Topics.CRAWL_STATUS, JOB, EventCodec.encode(new CrawlStatus(JOB, Phase.IDLE, 2, 2, 0, 1, 0, 2, 1,
                2, 0, null, 5_000, 0, 0, 0, 0, 1_000, runStartedMs, runStartedMs)), 5_000);
    }

    private static void record(JobViews views, String page, String cell, long writtenMs) {
        views.apply(Topics.LIST_RECORDS, page, EventCodec.encode(new ListRecord(JOB, "http://site.test/" + page,
                "list-1", "* ‖ *", 0, List.of(cell), "S2")), writtenMs);
    }

    private static List<String> listed(JobViews views) {
        return views.targets(JOB, "", 0, 500).items().stream().map(TargetsPage.Target::url).toList();
    }

    @Test
    void aPageTheLatestRunDidNotTakeIsNotListed() {
        JobViews views = new JobViews("127.0.0.1:1", 100, 100, 10, 1000);
        target(views, "kept.html", 1_100);
        target(views, "dropped.html", 1_200);
        target(views, "kept.html", 3_100); // the second run, started at 3,000, takes it again
        status(views, 0);
        assertEquals(List.of("http://site.test/kept.html", "http://site.test/dropped.html"), listed(views),
                "a status that does not say when its run started: every run's pages");

        status(views, 3_000);
        assertEquals(List.of("http://site.test/kept.html"), listed(views), "the latest run's pages only");
        assertEquals(1, views.targets(JOB, "", 0, 500).total());
    }

    @Test
    void theRecordsViewShowsTheLatestRunsPagesRecords() {
        JobViews views = new JobViews("127.0.0.1:1", 100, 100, 10, 1000);
        target(views, "kept.html", 1_100);
        target(views, "dropped.html", 1_200);
        record(views, "kept.html", "k", 1_150);
        record(views, "dropped.html", "d", 1_250);
        target(views, "kept.html", 3_100); // the second run takes it again, unchanged: no new record
        status(views, 0);
        assertEquals(2, views.records(JOB, "", 0, 50).total(), "a status that does not say: every run's records");

        status(views, 3_000);
        RecordsPage page = views.records(JOB, "", 0, 50);
        assertEquals(1, page.total());
        assertEquals(List.of("http://site.test/kept.html"), page.rows().stream().map(RecordsPage.Row::pageUrl).toList());
        assertEquals(1, page.tables().size());
        assertEquals(1, page.tables().get(0).records());
        assertEquals(1, page.tables().get(0).pages());
    }
}
