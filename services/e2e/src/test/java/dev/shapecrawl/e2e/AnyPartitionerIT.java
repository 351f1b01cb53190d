package dev.shapecrawl.e2e;

import dev.shapecrawl.cli.Main;
import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import dev.shapecrawl.testkit.site.SiteShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Issue 17: a job runs whatever partitioner its producer used. librdkafka's default partitioner (Python's
 * confluent-kafka, Go, .NET, Node, C, {@code kcat}) puts a key on another partition than Java's murmur2 for about half
 * of all keys; before the pattern service re-keyed its inputs, such a job stayed in MAPPING for good.
 *
 * <p>The four link-crawl services run as processes on the test broker ({@link Stack}); one generated site (E-Jazz
 * shape) is served on loopback. A reference job is published with the command line ({@code shapecrawl crawl}, Java's
 * partitioner). Then, for every partition {@code p} of the job-keyed topics, {@value #JOBS_PER_PARTITION} jobs whose
 * id murmur2 sends elsewhere get their sample and seed written to {@code p} explicitly ({@code ProducerRecord} with
 * a partition), as a client with another partitioner would. Every job must end its first crawl IDLE with the same
 * confirmed targets and the same list records (page, list id, row, cells) as the reference.
 */
class AnyPartitionerIT {
    static final int JOBS_PER_PARTITION = 2;
    static final Duration RUN_TIMEOUT = Duration.ofMinutes(4);

    @Test
    void jobsPublishedOnPartitionsJavaWouldNotChooseRunLikeAJobOfTheCommandLine() throws Exception {
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers());
             Stack stack = Stack.start("partitions");
             ServedSite site = ServedSite.generated(SiteShape.ejazz())) {
            Jobs jobs = new Jobs(kafka);
            String entry = site.url(site.entry());
            String sample = site.url(site.sample());

            String reference = "partitions-cli";
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int exit = Main.run(new String[]{"crawl", "--bootstrap-servers", TestKafka.bootstrapServers(),
                    "--job", reference, "--entry", entry, "--sample", sample},
                    new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            assertEquals(0, exit, "shapecrawl crawl: " + out.toString(StandardCharsets.UTF_8));

            Map<String, Integer> placed = new LinkedHashMap<>();
            for (int p = 0; p < TestKafka.PARTITIONS; p++) {
                for (String job : jobsHashingAwayFrom(p, JOBS_PER_PARTITION)) {
                    kafka.send(Topics.CRAWL_SAMPLES, p, job,
                            EventCodec.encode(new CrawlSample(job, "s1", sample, null, null)));
                    kafka.send(Topics.CRAWL_SEEDS, p, job, EventCodec.encode(CrawlSeed.of(job, entry)));
                    placed.put(job, p);
                }
            }

            CrawlStatus referenceEnd = jobs.awaitRun(reference, 1, RUN_TIMEOUT);
            assertEquals(Phase.IDLE, referenceEnd.phase(), "reference " + referenceEnd);
            Set<String> referenceTargets = new TreeSet<>(jobs.confirmedTargets(reference));
            Set<String> referenceRows = rows(jobs.listRecords(reference));
            System.out.printf("AnyPartitionerIT reference %s: %d targets, %d records, %s%n", reference,
                    referenceTargets.size(), referenceRows.size(), referenceEnd);

            List<Executable> checks = new ArrayList<>();
            checks.add(() -> assertEquals(new TreeSet<>(site.targets().stream().map(site::url).toList()),
                    referenceTargets, "the reference job finds the site's targets"));
            checks.add(() -> assertFalse(referenceRows.isEmpty(), "the reference job has list records"));
            for (Map.Entry<String, Integer> placedJob : placed.entrySet()) {
                String job = placedJob.getKey();
                String where = job + " (seed and sample on partition " + placedJob.getValue() + ", murmur2 says "
                        + TopicClient.javaPartition(job, TestKafka.PARTITIONS) + ")";
                CrawlStatus end = jobs.awaitRun(job, 1, RUN_TIMEOUT);
                Set<String> targets = new TreeSet<>(jobs.confirmedTargets(job));
                Set<String> rows = rows(jobs.listRecords(job));
                System.out.printf("AnyPartitionerIT %s: %d targets, %d records, %s%n", where, targets.size(),
                        rows.size(), end);
                checks.add(() -> assertEquals(Phase.IDLE, end.phase(), where + ": " + end));
                checks.add(() -> assertEquals(referenceEnd.targets(), end.targets(), where + ": targets counted"));
                checks.add(() -> assertEquals(referenceTargets, targets, where + ": the same target pages"));
                checks.add(() -> assertEquals(referenceRows, rows, where + ": the same list records"));
            }
            assertAll(checks);
        }
    }

    /** {@code count} job ids that the Java producer would not put on {@code partition}. */
    static List<String> jobsHashingAwayFrom(int partition, int count) {
        List<String> out = new ArrayList<>();
        for (int i = 0; out.size() < count; i++) {
            String job = "partitions-p" + partition + "-" + i;
            if (TopicClient.javaPartition(job, TestKafka.PARTITIONS) != partition) {
                out.add(job);
            }
        }
        return out;
    }

    /**
     * A job's records without their job id, one line each (page, list id, row, cells), sorted: what must be equal
     * between jobs of the same site. A page extracted twice (by the mapping and the crawl) repeats its records with
     * the same content, which the set folds.
     */
    private static Set<String> rows(List<ListRecord> records) {
        return records.stream().map(r -> r.pageUrl() + " " + r.listId() + "#" + r.rowIndex() + " " + r.cells())
                .collect(Collectors.toCollection(TreeSet::new));
    }
}
