package dev.shapecrawl.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.Topics;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The records the console holds for its records view are bounded for all jobs together, not only per job: a
 * console started on a broker that kept many jobs' records (the evaluation's data directory)
 * held them all and ran out of memory before it was ready. The job updated longest ago drops its held records
 * first; every record stays counted. Pure: the events are applied as the reader thread applies them, no broker.
 */
class JobViewsRecordBudgetTest {

    private static String record(String job, int row) {
        return EventCodec.encode(new ListRecord(job, "http://site.test/" + job + "/page.html", "list-1", "* ‖ *", row,
                List.of("cell " + row, "value"), "S2"));
    }

    private static void publish(JobViews views, String job, int records) {
        publish(views, job, 0, records);
    }

    /** Records {@code from} .. {@code from + records - 1} of one list of the job (a row already read is a duplicate). */
    private static void publish(JobViews views, String job, int from, int records) {
        for (int i = from; i < from + records; i++) {
            views.apply(Topics.LIST_RECORDS, job, record(job, i), i); // a record's timestamp plays no part here
        }
    }

    @Test
    void theJobUpdatedLongestAgoDropsItsHeldRecordsAndEveryRecordIsStillCounted() {
        JobViews views = new JobViews("127.0.0.1:1", 100, 100, 10, 1000);
        publish(views, "job-a", 6);
        publish(views, "job-b", 4);
        assertEquals(6, views.records("job-a", null, 0, 500).held(), "within the budget both jobs hold theirs");
        assertEquals(4, views.records("job-b", null, 0, 500).held());

        publish(views, "job-c", 3); // 13 held: over the budget of 10, so job-a (oldest) drops its 6
        RecordsPage a = views.records("job-a", null, 0, 500);
        assertEquals(0, a.held());
        assertTrue(a.rows().isEmpty());
        assertEquals(6, a.total(), "dropped records are still counted");
        assertEquals(4, views.records("job-b", null, 0, 500).held());
        assertEquals(3, views.records("job-c", null, 0, 500).held());

        publish(views, "job-a", 6, 8); // job-a's new records: counted, not held again, nothing else dropped
        assertEquals(14, views.records("job-a", null, 0, 500).total());
        assertEquals(0, views.records("job-a", null, 0, 500).held());
        assertEquals(4, views.records("job-b", null, 0, 500).held());

        publish(views, "job-c", 3, 5); // job-c at 8, with job-b's 4: 12 > 10, job-b (now the oldest) drops
        assertEquals(0, views.records("job-b", null, 0, 500).held());
        assertEquals(8, views.records("job-c", null, 0, 500).held());
    }

    @Test
    void aJobAloneAboveTheBudgetHoldsItsFirstRecordsUpToTheBudget() {
        JobViews views = new JobViews("127.0.0.1:1", 100, 100, 5, 1000);
        publish(views, "job-a", 7);
        RecordsPage a = views.records("job-a", null, 0, 500);
        assertEquals(7, a.total());
        assertEquals(5, a.held(), "the first 5 are held; the downloads have all 7");
        assertEquals(0, a.rows().get(0).rowIndex());
    }

    /**
     * The identities kept to count each record once are bounded too (a console on a broker holding 2.6 million
     * records ran out of memory on them, as strings): beyond the bound, the job updated longest ago drops them, and
     * its later records are counted without that check.
     */
    @Test
    void theRecordIdentitiesAreBoundedForAllJobsTogether() {
        JobViews views = new JobViews("127.0.0.1:1", 100, 100, 1000, 10);
        publish(views, "job-a", 6);
        publish(views, "job-a", 6); // a redelivery: counted once
        assertEquals(6, views.records("job-a", null, 0, 500).total());
        publish(views, "job-b", 5); // 11 identities: over 10, so job-a (oldest) drops its 6
        assertEquals(6, views.records("job-a", null, 0, 500).total(), "its records are still counted");
        assertEquals(0, views.records("job-a", null, 0, 500).held(), "and no longer held");
        publish(views, "job-b", 5); // job-b still checks: a redelivery counted once
        assertEquals(5, views.records("job-b", null, 0, 500).total());
        publish(views, "job-a", 6); // job-a released: its redelivered records are counted again
        assertEquals(12, views.records("job-a", null, 0, 500).total());
    }

    @Test
    void aRecordsIdentityIsItsPageAndIdAsA64BitHash() {
        ListRecord one = new ListRecord("j", "http://site.test/a.html", "list-1", "*", 3, List.of("x"), "S2");
        ListRecord sameIdOtherPage = new ListRecord("j", "http://site.test/b.html", "list-1", "*", 3, List.of("x"),
                "S2");
        ListRecord sameAgain = new ListRecord("j", "http://site.test/a.html", "list-1", "*", 3, List.of("y"), "S2");
        assertEquals(JobRecords.identity(one), JobRecords.identity(sameAgain), "the page and id, not the cells");
        assertTrue(JobRecords.identity(one) != JobRecords.identity(sameIdOtherPage));
    }

    @Test
    void negativeBoundsAreRefusedWithTheirNames() {
        var e = assertThrows(IllegalArgumentException.class, () -> new JobViews("127.0.0.1:1", 100, 100, -1, 1000));
        assertTrue(e.getMessage().contains("max-records"), e.getMessage());
        var seen = assertThrows(IllegalArgumentException.class, () -> new JobViews("127.0.0.1:1", 100, 100, 10, -1));
        assertTrue(seen.getMessage().contains("max-seen-records"), seen.getMessage());
    }
}
