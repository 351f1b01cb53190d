package dev.shapecrawl.cli;

import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Follows one job on the topics from the watch's start (create it before publishing the seed): its latest {@code
 * crawl-status}, its {@code list-records} (each counted once by its id; optionally passed on, for example to a JSON
 * Lines file) and a refusal of its seed (a dead letter), and shows progress.
 */
public final class JobWatch implements AutoCloseable {
    private final String job;
    private final Cluster.Reader status;
    private final Cluster.Reader records;
    private final Cluster.Reader deadSeeds;
    /** Dead letters older than this (epoch ms) are an earlier publication's, not this watch's. */
    private final long sinceMs = System.currentTimeMillis() - CLOCK_SLACK_MS;
    private String deadSeedReason;
    private final Consumer<ConsumerRecord<String, String>> recordSink;
    private final Set<String> recordIds = new HashSet<>();
    private CrawlStatus latest;
    private long lastRecordAtNanos = System.nanoTime();
    private long runOfInterest = 1;
    private long crawlStartMs;
    private long endMs;
    private long firstRecordMs;
    private long lastRecordMs;

    /**
     * @param recordSink receives each new list record of the job (the raw event), or null
     */
    public JobWatch(Cluster cluster, String job, Consumer<ConsumerRecord<String, String>> recordSink) {
        this.job = job;
        // Statuses, records and dead letters of the run this watch sees start come after it: the topics keep every
        // earlier run's and every other job's, and reading a long-lived cluster's from the beginning showed the
        // previous run's statuses as progress and did not reach this run's records before it ended
        // (bin/eval-decision-e2e's runtime: "0 records" for jobs that wrote thousands).
        this.status = cluster.reader(Topics.CRAWL_STATUS).fromNow();
        this.records = cluster.reader(Topics.LIST_RECORDS).fromNow();
        this.deadSeeds = cluster.reader(Topics.deadLetter(Topics.CRAWL_SEEDS)).fromNow();
        this.recordSink = recordSink;
    }

    /** How much older than this watch a dead letter may be stamped and still count (clocks of two hosts), ms. */
    static final long CLOCK_SLACK_MS = 2_000;


    /** Reads what arrived since the last call (waiting up to {@code wait} for the status topic). */
    public void poll(Duration wait) {
        status.poll(wait, r -> {
            if (job.equals(r.key())) {
                Jobs.decode(EventType.CRAWL_STATUS, r.value()).ifPresent(this::status);
            }
        });
        records.poll(Duration.ofMillis(50), this::record);
        deadSeeds.poll(Duration.ofMillis(10), this::deadSeed);
    }

    /** A seed the services refused: this job's, published since the watch began. */
    private void deadSeed(ConsumerRecord<String, String> r) {
        boolean ours = job.equals(r.key()) || r.value() != null && r.value().contains("\"jobId\":\"" + job + "\"");
        if (ours && r.timestamp() >= sinceMs && deadSeedReason == null) {
            org.apache.kafka.common.header.Header h = r.headers().lastHeader(Topics.DEAD_LETTER_REASON_HEADER);
            deadSeedReason = h == null ? "(no reason given)"
                    : new String(h.value(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private void status(CrawlStatus s) {
        latest = s;
        // The services' own clock (updatedAtMs) times the phases, not this reader's polling.
        if (s.run() >= runOfInterest && s.phase() == Phase.CRAWLING && crawlStartMs == 0) {
            crawlStartMs = s.updatedAtMs();
        }
        if (s.run() >= runOfInterest && s.phase().settled() && endMs == 0) {
            endMs = s.updatedAtMs();
        }
    }

    /**
     * When the phases of the run being awaited began and ended, by the pattern service's clock (epoch ms, 0 if
     * not seen), and when the first list record was produced (its Kafka timestamp).
     *
     * @param crawlStartMs the first CRAWLING status of the run
     * @param endMs        the run's IDLE (or FAILED) status
     * @param firstRecordMs the first record of the job
     * @param lastRecordMs  the last record of the job seen so far (the latest Kafka timestamp)
     */
    public record Timings(long crawlStartMs, long endMs, long firstRecordMs, long lastRecordMs) {
    }

    /** The phase times seen so far. */
    public Timings timings() {
        return new Timings(crawlStartMs, endMs, firstRecordMs, lastRecordMs);
    }

    private void record(ConsumerRecord<String, String> r) {
        if (!r.value().contains("\"jobId\":\"" + job + "\"")) {
            return;
        }
        Optional<ListRecord> rec = Jobs.decode(EventType.LIST_RECORD, r.value());
        if (rec.isPresent() && rec.get().jobId().equals(job) && recordIds.add(rec.get().pageUrl() + " " + rec.get().id())) {
            lastRecordAtNanos = System.nanoTime();
            if (firstRecordMs == 0 || r.timestamp() < firstRecordMs) {
                firstRecordMs = r.timestamp();
            }
            lastRecordMs = Math.max(lastRecordMs, r.timestamp());
            if (recordSink != null) {
                recordSink.accept(r);
            }
        }
    }

    /** The job's latest status, if any arrived. */
    public Optional<CrawlStatus> latest() {
        return Optional.ofNullable(latest);
    }

    /** Distinct list records of the job written since the watch began, seen so far. */
    public long records() {
        return recordIds.size();
    }

    /**
     * Waits until run {@code run} of the job has ended (IDLE with {@code run >= run}) or the job FAILED, showing
     * progress.
     *
     * @return the final status
     * @throws CliException if that does not happen within {@code timeout}, or at once when the services refuse the
     *                      job's seed (a dead letter on {@code dead-letter-topic-crawl-seeds}, with its reason)
     */
    public CrawlStatus awaitRun(long run, Duration timeout, Progress progress) {
        return awaitRun(run, -1, timeout, progress);
    }

    /**
     * As {@link #awaitRun(long, Duration, Progress)}, for a job published again: a FAILED or AMBIGUOUS status counts
     * only if stamped after {@code afterMs} (the job's status before this publication, by the pattern service's
     * clock), so the previous run's verdict is not taken for the new one's.
     */
    public CrawlStatus awaitRun(long run, long afterMs, Duration timeout, Progress progress) {
        runOfInterest = run;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            poll(Duration.ofMillis(300));
            if (deadSeedReason != null) {
                progress.done();
                throw CliException.failure("the seed of job " + job + " was refused by the services and sent to "
                        + Topics.deadLetter(Topics.CRAWL_SEEDS) + ": " + deadSeedReason);
            }
            if (latest != null) {
                progress.show(latest, records());
                boolean stopped = latest.phase().stoppedShort() && latest.updatedAtMs() > afterMs;
                if (stopped || (latest.phase() == Phase.IDLE && latest.run() >= run)) {
                    progress.done();
                    return latest;
                }
            }
        }
        progress.done();
        throw CliException.failure("job " + job + " did not finish within " + timeout.toMinutes() + " min"
                + (latest == null ? " (no status yet: are the services up? ./shapecrawl status)"
                : "; last status: " + latest.phase() + ", " + latest.fetched() + " pages fetched"));
    }

    /**
     * Keeps reading records until none arrived for {@code quiet} (the extractor works behind the crawl), at most
     * {@code max}.
     */
    public void drainRecords(Duration quiet, Duration max) {
        long end = System.nanoTime() + max.toNanos();
        lastRecordAtNanos = Math.max(lastRecordAtNanos, System.nanoTime() - quiet.toNanos() / 2);
        while (System.nanoTime() < end && System.nanoTime() - lastRecordAtNanos < quiet.toNanos()) {
            records.poll(Duration.ofMillis(200), this::record);
        }
    }

    /** Shows a job's progress: a bar redrawn in place on a terminal, a line per change otherwise. */
    public static final class Progress {
        private final PrintStream out;
        private final boolean terminal;
        private String lastLine = "";
        private long lastPrintNanos;

        /** @param terminal whether {@code out} is a terminal (then one line is redrawn in place) */
        public Progress(PrintStream out, boolean terminal) {
            this.out = out;
            this.terminal = terminal;
        }

        /** Shows {@code s}; on a non-terminal only when the phase changed or every 5 s. */
        public void show(CrawlStatus s, long records) {
            String counts = String.format(Locale.ROOT, "%-8s pages fetched %5d (mapping %d, crawling %d)  targets %5d  records %6d",
                    s.phase(), s.fetched(), s.mappingFetches(), s.crawlingFetches(), s.targets(), records);
            if (terminal) {
                double done = s.requested() == 0 ? 0 : Math.min(1.0, (double) s.fetched() / s.requested());
                int width = 24;
                int filled = (int) Math.round(done * width);
                out.print("\r[" + "#".repeat(filled) + "-".repeat(width - filled) + "] " + counts + "  ");
                out.flush();
                lastLine = counts;
                return;
            }
            boolean phaseChanged = !lastLine.startsWith(String.format("%-8s", s.phase()));
            if (phaseChanged || System.nanoTime() - lastPrintNanos > Duration.ofSeconds(5).toNanos()) {
                if (!counts.equals(lastLine)) {
                    out.println(counts);
                    lastLine = counts;
                    lastPrintNanos = System.nanoTime();
                }
            }
        }

        /** Ends the progress display (a newline after a bar). */
        public void done() {
            if (terminal && !lastLine.isEmpty()) {
                out.println();
            }
        }
    }

    /** Writes each raw record event as one line (JSON Lines). */
    public static Consumer<ConsumerRecord<String, String>> jsonLines(Writer w) {
        return r -> {
            try {
                w.write(r.value());
                w.write('\n');
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
    }

    @Override
    public void close() {
        status.close();
        records.close();
        deadSeeds.close();
    }
}
