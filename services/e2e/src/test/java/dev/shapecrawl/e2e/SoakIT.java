package dev.shapecrawl.e2e;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import dev.shapecrawl.testkit.site.GeneratedSite;
import dev.shapecrawl.testkit.site.SiteShape;
import dev.shapecrawl.testkit.web.TestWebServer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Soak run, a benchmark rather than a test of behaviour (docs/benchmarks.md, "Soak"; issue 9): the five services as
 * processes ({@link Stack#startWithForms}, {@code -Xmx512m} each) on the test broker, crawling many generated sites
 * at once, each on a loopback address of its own (127.0.0.2, 127.0.0.3, …: a host of its own to the fetcher's
 * politeness and queues). {@code shapecrawl.soak.jobs} jobs are kept in flight: when one ends (run 1 IDLE, or
 * FAILED), a new job (a new id, so a new mapping) starts on the next site, round the sites, until
 * {@code shapecrawl.soak.minutes} have passed. Every {@code shapecrawl.soak.sample-seconds} (2) it samples each
 * service's resident set (Linux {@code /proc/<pid>/status} VmRSS) and heap in use (Micrometer's
 * {@code jvm_memory_used_bytes}, all heap pools), and the pages fetched by all jobs so far (the sum of each job's
 * mapping and crawl fetches from {@code crawl-status}). Once a minute it also asks each service for a full
 * collection ({@code jcmd <pid> GC.run}) and reads the heap in use right after: the <em>live heap</em>, what the
 * service really holds. (The least heap in use between samples is no measure of that: G1 collects the old
 * generation only past its occupancy threshold, 45% of the 512 MiB, so dead old objects pile up below it.)
 *
 * <p>Writes {@code target/soak.csv} (every sample) and {@code target/soak.md} (per minute: pages/s, jobs ended, and
 * per service RSS and live heap; then the first and last thirds compared). Asserted only that every service
 * stayed alive and jobs kept ending: flatness is read from the report. Run with
 * {@code ./mvnw -B -pl services/e2e -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
 * -Dit.test=SoakIT -Dfailsafe.failIfNoSpecifiedTests=false -Dshapecrawl.soak=true [-Dshapecrawl.soak.minutes=10]}.
 */
@EnabledIfSystemProperty(named = "shapecrawl.soak", matches = "true")
class SoakIT {
    static final int MINUTES = Integer.getInteger("shapecrawl.soak.minutes", 10);
    static final int HOSTS = Integer.getInteger("shapecrawl.soak.hosts", 8);
    static final int JOBS = Integer.getInteger("shapecrawl.soak.jobs", 8);
    static final int SAMPLE_SECONDS = Integer.getInteger("shapecrawl.soak.sample-seconds", 2);
    static final List<Supplier<SiteShape>> SHAPES = CrawlPipelineIT.SHAPES;
    static final Pattern HEAP = Pattern.compile("^jvm_memory_used_bytes\\{area=\"heap\"[^}]*} ([0-9.E+]+)$",
            Pattern.MULTILINE);
    static final Pattern RSS = Pattern.compile("^VmRSS:\\s+([0-9]+) kB$", Pattern.MULTILINE);

    /** One sample of one service: resident set, heap in use, and live heap (NaN unless collected first), MiB. */
    record Memory(double rss, double heap, double live) {
    }

    /** One sampling moment. */
    record Sample(double seconds, long pages, int jobsEnded, Map<String, Memory> services) {
    }

    /** A site being crawled. */
    record Site(String name, TestWebServer web, GeneratedSite site) {
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void manyJobsOnManyHostsAtOnce() throws Exception {
        List<Site> sites = new ArrayList<>();
        try (TopicClient kafka = new TopicClient(TestKafka.bootstrapServers());
             Stack stack = Stack.startWithForms("soak")) {
            for (int i = 0; i < HOSTS; i++) {
                GeneratedSite site = GeneratedSite.generate(SHAPES.get(i % SHAPES.size()).get());
                TestWebServer web = site.start(InetAddress.getByName("127.0.0." + (2 + i))).stopRecording();
                sites.add(new Site(site.shape().name() + "@" + web.baseUrl(), web, site));
            }
            Map<String, ServiceProcess> services = new LinkedHashMap<>();
            for (String name : Stack.SERVICES) {
                services.put(name, stack.service(name));
            }

            for (var e : services.entrySet()) {
                awaitReady(e.getKey(), e.getValue());
            }
            Map<String, CrawlStatus> latest = new HashMap<>();
            Map<String, Long> running = new LinkedHashMap<>(); // job → started, ms
            int[] next = {0};
            int ended = 0;
            long failed = 0;
            List<Sample> samples = new ArrayList<>();
            long start = System.currentTimeMillis();
            long deadline = start + MINUTES * 60_000L;
            long nextSample = start;
            long nextCollection = start + 60_000;
            int read = 0;
            while (System.currentTimeMillis() < deadline) {
                while (running.size() < JOBS) {
                    String job = "soak-" + next[0];
                    Site s = sites.get(next[0] % sites.size());
                    next[0]++;
                    publish(kafka, job, s);
                    running.put(job, System.currentTimeMillis());
                }
                List<ConsumerRecord<String, String>> statuses = kafka.readFor(Topics.CRAWL_STATUS,
                        Duration.ofMillis(300));
                for (; read < statuses.size(); read++) {
                    CrawlStatus st = EventCodec.decode(EventType.CRAWL_STATUS, statuses.get(read).value());
                    latest.put(st.jobId(), st);
                }
                for (var it = running.keySet().iterator(); it.hasNext(); ) {
                    CrawlStatus st = latest.get(it.next());
                    if (st != null && (st.phase() == Phase.FAILED || st.phase() == Phase.IDLE && st.run() >= 1)) {
                        it.remove();
                        ended++;
                        failed += st.phase() == Phase.FAILED ? 1 : 0;
                    }
                }
                long now = System.currentTimeMillis();
                if (now >= nextSample) {
                    long pages = latest.values().stream().mapToLong(s -> s.mappingFetches() + s.crawlingFetches())
                            .sum();
                    boolean collect = now >= nextCollection;
                    if (collect) {
                        nextCollection += 60_000;
                    }
                    Map<String, Memory> memory = new LinkedHashMap<>();
                    for (var e : services.entrySet()) {
                        memory.put(e.getKey(), memory(e.getValue(), collect));
                    }
                    samples.add(new Sample((now - start) / 1000.0, pages, ended, memory));
                    nextSample += SAMPLE_SECONDS * 1000L;
                }
            }
            String report = report(samples, failed);
            System.out.println(report);
            Files.writeString(Path.of("target", "soak.md"), report);
            Files.writeString(Path.of("target", "soak.csv"), csv(samples));
            for (var e : services.entrySet()) {
                assertTrue(e.getValue().alive(), e.getKey() + " died during the soak");
            }
            assertTrue(ended >= HOSTS, "jobs ended: " + ended);
        } finally {
            sites.forEach(s -> s.web().close());
        }
    }

    private static void publish(TopicClient kafka, String job, Site s) {
        new Jobs(kafka).publish(CrawlSeed.of(job, s.web().url(s.site().entry())),
                List.of(s.web().url(s.site().sampleTarget())));
    }

    /** Waits (at most 5 minutes: five JVMs start at once on a small machine) until the service is ready. */
    private void awaitReady(String name, ServiceProcess p) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                int code = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + p.httpPort()
                        + "/q/health/ready")).timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode();
                if (code == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(1000);
        }
        throw new AssertionError(name + " not ready within 5 minutes");
    }

    private Memory memory(ServiceProcess p, boolean collect) throws IOException, InterruptedException {
        if (collect) {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(p.pid()), "GC.run").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            jcmd.waitFor(60, TimeUnit.SECONDS);
        }
        double rss = 0;
        Path status = Path.of("/proc", Long.toString(p.pid()), "status");
        if (Files.isReadable(status)) {
            Matcher m = RSS.matcher(Files.readString(status));
            rss = m.find() ? Long.parseLong(m.group(1)) / 1024.0 : 0;
        }
        String metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + p.httpPort()
                        + "/q/metrics")).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        double heap = 0;
        Matcher h = HEAP.matcher(metrics);
        while (h.find()) {
            heap += Double.parseDouble(h.group(1));
        }
        double mib = heap / (1 << 20);
        return new Memory(rss, mib, collect ? mib : Double.NaN);
    }

    private static String csv(List<Sample> samples) {
        StringBuilder sb = new StringBuilder("seconds,pages,jobs_ended,service,rss_mib,heap_mib,live_heap_mib\n");
        for (Sample s : samples) {
            s.services().forEach((name, m) -> sb.append(String.format(Locale.ROOT, "%.0f,%d,%d,%s,%.1f,%.1f,%s%n",
                    s.seconds(), s.pages(), s.jobsEnded(), name, m.rss(), m.heap(),
                    Double.isNaN(m.live()) ? "" : String.format(Locale.ROOT, "%.1f", m.live()))));
        }
        return sb.toString();
    }

    /** Per minute: throughput, jobs ended, each service's RSS / live heap; then first third against last third. */
    private static String report(List<Sample> samples, long failed) {
        StringBuilder sb = new StringBuilder();
        List<String> names = new ArrayList<>(samples.get(0).services().keySet());
        sb.append(String.format(Locale.ROOT, "Soak: %d min, %d hosts, %d jobs in flight, %d jobs ended (%d failed),"
                        + " %d pages fetched%n%n", MINUTES, HOSTS, JOBS, samples.get(samples.size() - 1).jobsEnded(),
                failed, samples.get(samples.size() - 1).pages()));
        sb.append("| minute | pages/s | jobs ended |");
        names.forEach(n -> sb.append(' ').append(n).append(" RSS / live heap MiB |"));
        sb.append("\n|---|---|---|").append("---|".repeat(names.size())).append('\n');
        Sample before = samples.get(0);
        int from = 0;
        for (int idx = 0; idx < samples.size(); idx++) {
            Sample s = samples.get(idx);
            boolean minute = (int) (s.seconds() / 60) != (int) (before.seconds() / 60)
                    || s == samples.get(samples.size() - 1);
            if (!minute || s == before) {
                continue;
            }
            double rate = (s.pages() - before.pages()) / Math.max(1e-9, s.seconds() - before.seconds());
            sb.append(String.format(Locale.ROOT, "| %.1f | %.1f | %d |", s.seconds() / 60, rate, s.jobsEnded()));
            List<Sample> minuteSamples = samples.subList(from, idx + 1);
            for (String n : names) {
                double live = minuteSamples.stream().mapToDouble(x -> x.services().get(n).live())
                        .filter(v -> !Double.isNaN(v)).reduce((a, b) -> b).orElse(Double.NaN);
                sb.append(String.format(Locale.ROOT, " %.0f / %s |", s.services().get(n).rss(),
                        Double.isNaN(live) ? "–" : String.format(Locale.ROOT, "%.0f", live)));
            }
            sb.append('\n');
            before = s;
            from = idx + 1;
        }
        int third = Math.max(1, samples.size() / 3);
        List<Sample> first = samples.subList(0, third);
        List<Sample> last = samples.subList(samples.size() - third, samples.size());
        sb.append("\n| service | RSS MiB, first third → last third (median) | live heap MiB after a full"
                + " collection (last of the third) | heap in use MiB (most) |\n|---|---|---|---|\n");
        for (String n : names) {
            sb.append(String.format(Locale.ROOT, "| %s | %.0f → %.0f | %.0f → %.0f | %.0f → %.0f |%n", n,
                    median(first, n, Memory::rss), median(last, n, Memory::rss),
                    lastLive(first, n), lastLive(last, n),
                    max(first, n, Memory::heap), max(last, n, Memory::heap)));
        }
        double firstRate = rate(first);
        double lastRate = rate(last);
        sb.append(String.format(Locale.ROOT, "%nThroughput: %.1f pages/s in the first third, %.1f in the last.%n",
                firstRate, lastRate));
        return sb.toString();
    }

    private static double rate(List<Sample> part) {
        Sample a = part.get(0);
        Sample b = part.get(part.size() - 1);
        return (b.pages() - a.pages()) / Math.max(1e-9, b.seconds() - a.seconds());
    }

    private static double median(List<Sample> part, String service,
                                 ToDoubleFunction<Memory> f) {
        double[] v = part.stream().mapToDouble(s -> f.applyAsDouble(s.services().get(service))).sorted().toArray();
        return v[v.length / 2];
    }

    private static double lastLive(List<Sample> part, String service) {
        return part.stream().mapToDouble(s -> s.services().get(service).live()).filter(v -> !Double.isNaN(v))
                .reduce((a, b) -> b).orElse(Double.NaN);
    }

    private static double max(List<Sample> part, String service, ToDoubleFunction<Memory> f) {
        return part.stream().mapToDouble(s -> f.applyAsDouble(s.services().get(service))).max().orElse(0);
    }
}
