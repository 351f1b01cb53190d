package dev.shapecrawl.cli;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.SiteModelSnapshot;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.shapecrawl.cli.CliArgumentsTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job commands against a real broker (the test kit's embedded KRaft broker): what {@code crawl} publishes,
 * and what {@code targets}, {@code pattern}, {@code records}, {@code jobs} and {@code crawl --wait} make of the
 * services' events, which this test writes itself (the services' own run is {@code LocalRuntimeIT} and
 * {@code ./shapecrawl demo}).
 */
class CliJobsTest {
    static final String SITE = "http://127.0.0.1:18999";
    static String bootstrap;
    static TopicClient kafka;

    @BeforeAll
    static void broker() {
        bootstrap = TestKafka.bootstrapServers();
        kafka = new TopicClient(bootstrap);
    }

    @AfterAll
    static void close() {
        kafka.close();
    }

    static void send(String topic, String key, Object event) {
        kafka.send(topic, key, EventCodec.encode(event));
    }

    static CrawlStatus status(String job, Phase phase, long run, long targets) {
        return new CrawlStatus(job, phase, 10, 10, 0, targets, 6, 4, run > 0 ? 1 : 0, run, targets, null,
                System.currentTimeMillis());
    }

    @Test
    void crawlPublishesTheSamplesAndTheSeedKeyedByJob() {
        CliArgumentsTest.Result r = run("crawl", "--bootstrap-servers", bootstrap, "--job", "cli-publish",
                "--entry", SITE + "/index.html", "--sample", SITE + "/a.html", "--sample", SITE + "/b.html",
                "--not-sample", SITE + "/c.html", "--max-pages", "50", "--max-depth", "3", "--similarity", "rtdm-plain",
                "--threshold", "0.9");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("job cli-publish published to " + bootstrap), r.out());

        List<ConsumerRecord<String, String>> seeds = kafka.readUntil(Topics.CRAWL_SEEDS,
                rs -> rs.stream().anyMatch(x -> "cli-publish".equals(x.key())), Duration.ofSeconds(30));
        CrawlSeed seed = seeds.stream().filter(x -> "cli-publish".equals(x.key()))
                .map(x -> EventCodec.decode(EventType.CRAWL_SEED, x.value())).findFirst().orElseThrow();
        assertEquals(SITE + "/index.html", seed.entryUrl());
        assertEquals(50, seed.maxPages());
        assertEquals(3, seed.maxDepth());
        assertEquals("rtdm-plain", seed.similarityMeasure());
        assertEquals(0.9, seed.similarityThreshold());
        assertEquals(List.of("s1", "s2", "n1"), seed.sampleIds(), "the seed names the samples it was published with");
        List<CrawlSample> samples = kafka.readUntil(Topics.CRAWL_SAMPLES,
                        rs -> rs.stream().filter(x -> "cli-publish".equals(x.key())).count() >= 3, Duration.ofSeconds(30))
                .stream().filter(x -> "cli-publish".equals(x.key()))
                .map(x -> EventCodec.decode(EventType.CRAWL_SAMPLE, x.value())).toList();
        assertEquals(List.of("s1 " + SITE + "/a.html false", "s2 " + SITE + "/b.html false",
                        "n1 " + SITE + "/c.html true"),
                samples.stream().map(s -> s.sampleId() + " " + s.url() + " " + Boolean.TRUE.equals(s.negative())).toList());
    }

    /**
     * A re-crawl decides its targets afresh (here: a negative sample drops a page the first run took), and
     * {@code targets} lists the latest run's, not every page any run wrote.
     */
    @Test
    void targetsListTheLatestRunsPagesOnly() throws InterruptedException {
        String job = "cli-rerun";
        send(Topics.CRAWL_SEEDS, job, CrawlSeed.of(job, SITE + "/index.html"));
        send(Topics.TARGET_PAGES, SITE + "/kept.html", new TargetPage(job, SITE + "/kept.html", Purpose.CRAWL, 0.95, "UTF-8", "<html></html>"));
        send(Topics.TARGET_PAGES, SITE + "/dropped.html", new TargetPage(job, SITE + "/dropped.html", Purpose.CRAWL, 0.90, "UTF-8", "<html></html>"));
        Thread.sleep(20); // record timestamps are ms: the second run starts strictly after the first run's pages
        long secondRun = System.currentTimeMillis();
        Thread.sleep(20);
        send(Topics.TARGET_PAGES, SITE + "/kept.html", new TargetPage(job, SITE + "/kept.html", Purpose.CRAWL, 0.95, "UTF-8", "<html></html>"));
        send(Topics.CRAWL_STATUS, job, new CrawlStatus(job, Phase.IDLE, 2, 2, 0, 1, 0, 2, 1, 2, 0, null,
                System.currentTimeMillis(), 0, 0, 0, 0, secondRun - 60_000, secondRun, secondRun));

        send(Topics.LIST_RECORDS, SITE + "/kept.html", new ListRecord(job, SITE + "/kept.html", "l-1", "(,)", 0, List.of("k"), "S2"));
        send(Topics.LIST_RECORDS, SITE + "/dropped.html", new ListRecord(job, SITE + "/dropped.html", "l-1", "(,)", 0, List.of("d"), "S2"));

        CliArgumentsTest.Result targets = run("targets", "--job", job, "--bootstrap-servers", bootstrap);
        assertEquals(0, targets.code(), targets.toString());
        assertEquals(SITE + "/kept.html\t0.950\n", targets.out(), "only the second run's target pages");
        CliArgumentsTest.Result records = run("records", "--job", job, "--bootstrap-servers", bootstrap);
        assertEquals(0, records.code(), records.toString());
        assertTrue(records.out().contains("kept.html") && !records.out().contains("dropped.html"),
                "the records of the latest run's target pages: " + records.out());

        // a status that does not know its run's start (written before the field) lists every run's pages
        send(Topics.CRAWL_STATUS, job, status(job, Phase.IDLE, 2, 1));
        CliArgumentsTest.Result all = run("targets", "--job", job, "--bootstrap-servers", bootstrap);
        assertEquals(SITE + "/kept.html\t0.950\n" + SITE + "/dropped.html\t0.900\n", all.out());
        CliArgumentsTest.Result allRecords = run("records", "--job", job, "--bootstrap-servers", bootstrap);
        assertTrue(allRecords.out().contains("kept.html") && allRecords.out().contains("dropped.html"),
                allRecords.out());
    }

    @Test
    void theResultCommandsReadWhatTheServicesWrote() {
        String job = "cli-results";
        send(Topics.CRAWL_SEEDS, job, CrawlSeed.of(job, SITE + "/index.html"));
        send(Topics.TARGET_PAGES, SITE + "/t1.html", new TargetPage(job, SITE + "/t1.html", Purpose.MAP, 0.91, "UTF-8", "<html></html>"));
        send(Topics.TARGET_PAGES, SITE + "/t2.html", new TargetPage(job, SITE + "/t2.html", Purpose.MAP, 0.88, "UTF-8", "<html></html>"));
        send(Topics.TARGET_PAGES, SITE + "/t1.html", new TargetPage(job, SITE + "/t1.html", Purpose.CRAWL, 0.93, "UTF-8", "<html></html>"));
        send(Topics.TARGET_PAGES, SITE + "/other.html", new TargetPage("cli-other", SITE + "/other.html", Purpose.MAP, 0.99, null, "<html></html>"));
        send(Topics.NAVIGATION_PATTERNS, job, new NavigationPattern(job, 1, SITE + "/index.html", List.of(
                new NavigationPattern.Branch(List.of(
                        new NavigationPattern.Step("LINK", "^http://127\\.0\\.0\\.1:18999/list/[0-9]+$", null, true, List.of(SITE + "/list/1")),
                        new NavigationPattern.Step("LINK", "^http://127\\.0\\.0\\.1:18999/t[0-9]+\\.html$", null, false, List.of(SITE + "/t1.html"))),
                        2)), 2, 1.0, 0.72, "DECIDED: 2 of 5 mapped pages above a gap of 0.300 at 0.720"));
        send(Topics.LIST_RECORDS, SITE + "/t1.html", new ListRecord(job, SITE + "/t1.html", "l-1", "(,)", 0, List.of("a", "b,c"), "S2"));
        send(Topics.LIST_RECORDS, SITE + "/t1.html", new ListRecord(job, SITE + "/t1.html", "l-1", "(,)", 1, List.of("d", "e"), "S2"));
        send(Topics.LIST_RECORDS, SITE + "/t1.html", new ListRecord(job, SITE + "/t1.html", "l-1", "(,)", 1, List.of("d", "e"), "S2"));
        send(Topics.LIST_RECORDS, SITE + "/t2.html", ListRecord.named(job, SITE + "/t2.html", "l-9", "* ‖ *", 0,
                List.of("void", "close()"), "S2", List.of("Type", "Method")));
        send(Topics.CRAWL_STATUS, job, status(job, Phase.IDLE, 1, 2));
        SiteModelSnapshot model = new SiteModelSnapshot(job, 1, SITE + "/index.html", 5, 5, List.of(
                new SiteModelSnapshot.PageClass(1, 3, List.of(SITE + "/t1.html", SITE + "/t2.html"),
                        List.of("text:/html/body/h2"), true, 3, 0.88, 0.93, "3 of 3 sampled pages are target pages"),
                new SiteModelSnapshot.PageClass(2, 2, List.of(SITE + "/list/1"), List.of("link:/html/body/ul/li/a"),
                        false, 0, 0.3, 0.42, "0 of 2 sampled pages are target pages")),
                List.of(new SiteModelSnapshot.ClassLink(2, 1, "/html/body/ul/li/a", "LIST")), "DECIDED", 0.72,
                "DECIDED: 2 of 5 mapped pages above a gap of 0.300 at 0.720");
        send(Topics.SITE_MODELS, job, model);

        CliArgumentsTest.Result targets = run("targets", "--job", job, "--bootstrap-servers", bootstrap);
        assertEquals(0, targets.code(), targets.toString());
        assertEquals(SITE + "/t1.html\t0.930\n" + SITE + "/t2.html\t0.880\n", targets.out());

        CliArgumentsTest.Result pattern = run("pattern", "--job", job, "--bootstrap-servers", bootstrap);
        assertEquals(0, pattern.code(), pattern.toString());
        assertTrue(pattern.out().contains("pattern version 1") && pattern.out().contains("1. LINK ^http://127\\.0\\.0\\.1:18999/list/[0-9]+$")
                && pattern.out().contains("(may repeat: pagination)") && pattern.out().contains("2. LINK"), pattern.out());
        assertTrue(pattern.out().contains("target decision: similarity >= 0.720 (DECIDED: 2 of 5"), pattern.out());

        CliArgumentsTest.Result text = run("model", "--job", job, "--bootstrap-servers", bootstrap);
        assertEquals(0, text.code(), text.toString());
        assertTrue(text.out().contains("2 classes (1 target), 1 class links, inferred from 5 sampled of 5 mapped pages")
                && text.out().contains("class 1: 3 pages, TARGET, similarity 0.880-0.930")
                && text.out().contains("  path: text:/html/body/h2") && text.out().contains("  e.g. " + SITE + "/list/1")
                && text.out().contains("  2 -> 1 LIST /html/body/ul/li/a")
                && text.out().contains("target decision: DECIDED, similarity >= 0.720"), text.out());
        CliArgumentsTest.Result json = run("model", "--job", job, "--format", "json", "--bootstrap-servers", bootstrap);
        assertEquals(0, json.code(), json.toString());
        assertEquals(model, EventCodec.decode(EventType.SITE_MODEL, json.out().strip()), "the event as on the topic");

        CliArgumentsTest.Result csv = run("records", "--job", job, "--format", "csv", "--bootstrap-servers", bootstrap);
        assertEquals(0, csv.code(), csv.toString());
        assertEquals("page_url,list_id,row_index,c1,c2,Type,Method\n" + SITE + "/t1.html,l-1,0,a,\"b,c\",,\n"
                        + SITE + "/t1.html,l-1,1,d,e,,\n" + SITE + "/t2.html,l-9,0,,,void,close()\n",
                csv.out(), "one row per record id, replays dropped; a header of the names, each cell under its name");
        CliArgumentsTest.Result jsonl = run("records", "--job", job, "--bootstrap-servers", bootstrap);
        assertEquals(3, jsonl.out().lines().count(), jsonl.out());
        CliArgumentsTest.Result byList = run("records", "--job", job, "--by-list", "--bootstrap-servers", bootstrap);
        assertEquals(0, byList.code(), byList.toString());
        assertTrue(byList.out().contains("3 records on 2 pages in 2 tables"), byList.out());
        String named = byList.out().lines().filter(l -> l.contains("Type | Method")).findFirst().orElseThrow();
        String tableId = named.split("\\s+")[0];
        assertTrue(named.matches(tableId + "\\s+1\\s+1\\s+\\* ‖ \\*\\s+Type \\| Method"), named);
        CliArgumentsTest.Result one = run("records", "--job", job, "--table", tableId, "--format", "csv",
                "--bootstrap-servers", bootstrap);
        assertEquals("page_url,list_id,row_index,Type,Method\n" + SITE + "/t2.html,l-9,0,void,close()\n", one.out(),
                "one table, one header");
        jsonl.out().lines().forEach(l -> assertEquals(job, EventCodec.decode(EventType.LIST_RECORD, l).jobId()));

        CliArgumentsTest.Result jobs = run("jobs", "--bootstrap-servers", bootstrap);
        assertEquals(0, jobs.code(), jobs.toString());
        assertTrue(jobs.out().lines().anyMatch(l -> l.startsWith(job) && l.contains("IDLE") && l.contains("τ 0.720")
                && l.contains("2 (1 t)") && l.contains(SITE + "/index.html")), jobs.out());
    }

    @Test
    void anUnknownJobIsNamedWithTheKnownOnes() {
        send(Topics.CRAWL_SEEDS, "cli-known", CrawlSeed.of("cli-known", SITE + "/"));
        for (String command : List.of("targets", "pattern", "model", "records")) {
            CliArgumentsTest.Result r = run(command, "--job", "no-such-job", "--bootstrap-servers", bootstrap);
            assertEquals(CliException.FAILURE, r.code(), r.toString());
            assertTrue(r.err().contains("unknown job 'no-such-job'") && r.err().contains("cli-known"), r.err());
        }
    }

    @Test
    void crawlWaitFollowsTheJobToItsEndAndReportsIt() throws Exception {
        String job = "cli-wait";
        // a record and a status of the job already on the topics (an earlier publication's) are not this run's
        send(Topics.LIST_RECORDS, SITE + "/old.html", new ListRecord(job, SITE + "/old.html", "l-1", "(,)", 0, List.of("old"), "S2"));
        send(Topics.CRAWL_STATUS, job, status(job, Phase.CRAWLING, 0, 777));
        CompletableFuture<Void> services = CompletableFuture.runAsync(() -> {
            // Plays the pattern service and the extractor: answers the seed with a mapping, two records, then the
            // end of run 1.
            kafka.readUntil(Topics.CRAWL_SEEDS, rs -> rs.stream().anyMatch(x -> job.equals(x.key())), Duration.ofSeconds(30));
            send(Topics.CRAWL_STATUS, job, status(job, Phase.MAPPING, 0, 1));
            send(Topics.CRAWL_STATUS, job, status(job, Phase.CRAWLING, 1, 2));
            send(Topics.LIST_RECORDS, SITE + "/t1.html", new ListRecord(job, SITE + "/t1.html", "l-1", "(,)", 0, List.of("a"), "S2"));
            send(Topics.LIST_RECORDS, SITE + "/t1.html", new ListRecord(job, SITE + "/t1.html", "l-1", "(,)", 1, List.of("b"), "S2"));
            send(Topics.CRAWL_STATUS, job, status(job, Phase.IDLE, 1, 3));
        });
        CliArgumentsTest.Result r = run("crawl", "--wait", "--job", job, "--bootstrap-servers", bootstrap,
                "--entry", SITE + "/", "--sample", SITE + "/t1.html");
        services.get(30, TimeUnit.SECONDS);
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("job cli-wait IDLE (run 1): 3 targets"), r.out());
        assertTrue(r.out().contains("pattern version 1, 2 records"), "the run's two records, not the earlier one: "
                + r.out());
        assertFalse(r.out().contains("777"), "no progress line from the earlier status: " + r.out());

        String failing = "cli-wait-fails";
        CompletableFuture<Void> broken = CompletableFuture.runAsync(() -> {
            kafka.readUntil(Topics.CRAWL_SEEDS, rs -> rs.stream().anyMatch(x -> failing.equals(x.key())), Duration.ofSeconds(30));
            send(Topics.CRAWL_STATUS, failing, new CrawlStatus(failing, Phase.FAILED, 1, 1, 1, 0, 1, 0, 0, 0, 0,
                    "entry point unreachable", System.currentTimeMillis()));
        });
        CliArgumentsTest.Result f = run("crawl", "--wait", "--job", failing, "--bootstrap-servers", bootstrap,
                "--entry", SITE + "/", "--sample", SITE + "/t1.html");
        broken.get(30, TimeUnit.SECONDS);
        assertEquals(CliException.FAILURE, f.code(), f.toString());
        assertTrue(f.out().contains("FAILED") && f.out().contains("entry point unreachable"), f.out());
    }

    /**
     * A seed the services refuse goes to the dead-letter topic and gets no status: {@code crawl --wait} says so at
     * once, with the reason, instead of waiting out its timeout (60 minutes here; the JUnit timeout fails the test
     * long before).
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 90, unit = TimeUnit.SECONDS)
    void crawlWaitStopsWithTheReasonWhenTheSeedIsDeadLettered() throws Exception {
        String job = "cli-wait-refused";
        CompletableFuture<Void> services = CompletableFuture.runAsync(() -> {
            // Plays the pattern service refusing the seed: the seed, unchanged, to the dead-letter topic
            ConsumerRecord<String, String> seed = kafka.readUntil(Topics.CRAWL_SEEDS,
                    rs -> rs.stream().anyMatch(x -> job.equals(x.key())), Duration.ofSeconds(30)).stream()
                    .filter(x -> job.equals(x.key())).findFirst().orElseThrow();
            kafka.sendRaw(Topics.deadLetter(Topics.CRAWL_SEEDS), job, seed.value().getBytes(StandardCharsets.UTF_8),
                    Map.of(Topics.DEAD_LETTER_REASON_HEADER, "crawl-seed: maxPages must be <= 1000000"));
        });
        CliArgumentsTest.Result r = run("crawl", "--wait", "--job", job, "--bootstrap-servers", bootstrap,
                "--entry", SITE + "/", "--sample", SITE + "/t1.html", "--timeout-minutes", "60");
        services.get(30, TimeUnit.SECONDS);
        assertEquals(CliException.FAILURE, r.code(), r.toString());
        assertTrue(r.err().contains("the seed of job cli-wait-refused was refused")
                && r.err().contains("dead-letter-topic-crawl-seeds")
                && r.err().contains("maxPages must be <= 1000000"), r.err());
    }
}
