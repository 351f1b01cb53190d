package dev.shapecrawl.e2e;

import dev.shapecrawl.events.CrawlSample;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.ListRecord;
import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.TargetPage;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.TopicClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/** Publishes jobs the way a user does and reads what the services say about them, from the topics. */
final class Jobs {
    /** How long the count of a job's list records must stay the same before they are taken as all there: 3 s. */
    static final Duration RECORDS_QUIET = Duration.ofSeconds(3);

    private final TopicClient kafka;

    Jobs(TopicClient kafka) {
        this.kafka = kafka;
    }

    void publish(CrawlSeed seed, List<String> sampleUrls) {
        for (int i = 0; i < sampleUrls.size(); i++) {
            CrawlSample sample = new CrawlSample(seed.jobId(), "s" + (i + 1), sampleUrls.get(i), null, null);
            kafka.send(Topics.CRAWL_SAMPLES, seed.jobId(), EventCodec.encode(sample));
        }
        kafka.send(Topics.CRAWL_SEEDS, seed.jobId(), EventCodec.encode(seed));
    }

    /** Waits until the job's latest status satisfies {@code done}; returns it. */
    CrawlStatus awaitStatus(String job, Predicate<CrawlStatus> done, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<CrawlStatus> last = Optional.empty();
        while (System.nanoTime() < deadline) {
            last = status(job);
            if (last.isPresent() && done.test(last.get())) {
                return last.get();
            }
            sleep();
        }
        throw new AssertionError("job " + job + ": condition not met within " + timeout + "; last status " + last);
    }

    Optional<CrawlStatus> status(String job) {
        CrawlStatus last = null;
        for (ConsumerRecord<String, String> r : read(Topics.CRAWL_STATUS)) {
            if (job.equals(r.key())) {
                last = EventCodec.decode(EventType.CRAWL_STATUS, r.value());
            }
        }
        return Optional.ofNullable(last);
    }

    /** Waits for run {@code run} of the job to end (IDLE, or FAILED). */
    CrawlStatus awaitRun(String job, long run, Duration timeout) {
        return awaitStatus(job, s -> s.phase() == Phase.FAILED || (s.phase() == Phase.IDLE && s.run() >= run), timeout);
    }

    List<NavigationPattern> patterns(String job) {
        List<NavigationPattern> out = new ArrayList<>();
        for (ConsumerRecord<String, String> r : read(Topics.NAVIGATION_PATTERNS)) {
            if (job.equals(r.key())) {
                out.add(EventCodec.decode(EventType.NAVIGATION_PATTERN, r.value()));
            }
        }
        return out;
    }

    List<FetchRequest> requests(String job) {
        List<FetchRequest> out = new ArrayList<>();
        for (ConsumerRecord<String, String> r : read(Topics.FETCH_REQUESTS)) {
            FetchRequest req = EventCodec.decode(EventType.FETCH_REQUEST, r.value());
            if (req.jobId().equals(job)) {
                out.add(req);
            }
        }
        return out;
    }

    /** The URLs of the job's target pages reached with {@code purpose}, in arrival order, without repeats. */
    Set<String> targets(String job, Purpose purpose) {
        Set<String> out = new LinkedHashSet<>();
        for (ConsumerRecord<String, String> r : read(Topics.TARGET_PAGES)) {
            if (r.value().contains("\"jobId\":\"" + job + "\"")) {
                TargetPage page = EventCodec.decode(EventType.TARGET_PAGE, r.value());
                if (page.purpose() == purpose) {
                    out.add(page.url());
                }
            }
        }
        return out;
    }

    List<PageClassified> classified(String job) {
        List<PageClassified> out = new ArrayList<>();
        for (ConsumerRecord<String, String> r : read(Topics.PAGES_CLASSIFIED)) {
            if (job.equals(r.key())) {
                out.add(EventCodec.decode(EventType.PAGE_CLASSIFIED, r.value()));
            }
        }
        return out;
    }

    /**
     * The job's classified pages, in topic order, once those from index {@code from} on hold at least
     * {@code count} answers with {@code purpose}: a status counts an answer only after the pattern service has
     * read it from the topic, so the answers it counts are all there, but a reader may not have polled them yet.
     */
    List<PageClassified> classifiedUntil(String job, int from, Purpose purpose, long count) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            List<PageClassified> all = classified(job);
            long n = all.subList(Math.min(from, all.size()), all.size()).stream()
                    .filter(p -> p.request().purpose() == purpose).count();
            if (n >= count) {
                return all;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("job " + job + ": " + n + " of " + count + " " + purpose
                        + " answers in pages-classified");
            }
        }
    }

    /** The URLs of the pages the classifier confirmed as targets of the job (any purpose), without repeats. */
    Set<String> confirmedTargets(String job) {
        Set<String> targets = new LinkedHashSet<>();
        // read to the end: the topic is large (MAP pages carry their collections), a timed read may stop short
        for (ConsumerRecord<String, String> r : kafka.readToEnd(Topics.PAGES_CLASSIFIED, Duration.ofSeconds(60))) {
            PageClassified c = EventCodec.decode(EventType.PAGE_CLASSIFIED, r.value());
            if (c.request().jobId().equals(job) && c.target()) {
                targets.add(c.request().url());
            }
        }
        return targets;
    }

    /**
     * The job's list records once the extractor is done with its target pages: read until the count has not
     * changed for {@link #RECORDS_QUIET} (the extractor emits nothing for a page without lists, so there is no count
     * to wait for), at most a minute.
     */
    List<ListRecord> listRecords(String job) {
        List<ListRecord> records = new ArrayList<>();
        int read = 0; // records of the topic decoded so far (the reader returns every record since the beginning)
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        long changed = System.nanoTime();
        // a crawl's target pages reach the extractor after the job ends IDLE (only a crawl publishes them), and
        // the extractor may be busy with other jobs: wait for the first record, then until the count settles
        while (System.nanoTime() < deadline) {
            List<ConsumerRecord<String, String>> all = kafka.readToEnd(Topics.LIST_RECORDS, Duration.ofSeconds(30));
            int before = records.size();
            for (ConsumerRecord<String, String> r : all.subList(read, all.size())) {
                ListRecord record = EventCodec.decode(EventType.LIST_RECORD, r.value());
                if (record.jobId().equals(job)) {
                    records.add(record);
                }
            }
            read = all.size();
            if (records.size() != before) {
                changed = System.nanoTime();
            } else if (!records.isEmpty() && System.nanoTime() - changed >= RECORDS_QUIET.toNanos()) {
                break;
            }
            sleep();
        }
        return List.copyOf(records);
    }

    private List<ConsumerRecord<String, String>> read(String topic) {
        return kafka.readFor(topic, Duration.ofMillis(200));
    }

    private static void sleep() {
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
