package dev.shapecrawl.e2e;

import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.CrawlStatus;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.Hashes;
import dev.shapecrawl.events.Outlink;
import dev.shapecrawl.events.PageClassified;
import dev.shapecrawl.events.Phase;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.TestKafka;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Benchmark, not a test of behaviour (docs/benchmarks.md, "Pattern service heap"): the packaged pattern service
 * with {@code -Xmx512m} maps a synthetic site of {@code shapecrawl.bench.pages} URLs (default 200,000; a 5-ary
 * link tree in which every tenth page is a target); this JVM answers every fetch request at once with a
 * classified page, standing in for the fetcher and the classifier. Heap use is sampled from the service's
 * Micrometer endpoint every 500 ms until the navigation pattern is learned. Run with
 * {@code ./mvnw -B -pl services/e2e -am verify -Dit.test=PatternHeapBenchmarkIT -Dshapecrawl.bench.pattern=true}.
 */
@EnabledIfSystemProperty(named = "shapecrawl.bench.pattern", matches = "true")
class PatternHeapBenchmarkIT {
    static final String JOB = "heap-bench";
    static final String BASE = "http://big.example.test/n/";
    static final Pattern HEAP = Pattern.compile("^jvm_memory_used_bytes\\{area=\"heap\"[^}]*} ([0-9.E+]+)$",
            Pattern.MULTILINE);

    @Test
    void mapsTwoHundredThousandUrlsInHalfAGigabyteOfHeap() throws Exception {
        int pages = Integer.getInteger("shapecrawl.bench.pages", 200_000);
        String bootstrap = TestKafka.bootstrapServers();
        Path state = Files.createTempDirectory("pattern-bench-state");
        long started = System.nanoTime();
        long peakHeap = 0;
        long answered = 0;
        CrawlStatus last = null;
        try (ServiceProcess pattern = ServiceProcess.start("pattern", "heap-bench", Map.of(
                "kafka.bootstrap.servers", bootstrap, "kafka-streams.state.dir", state.toString()));
             KafkaConsumer<String, String> requests = consumer(bootstrap, Topics.FETCH_REQUESTS);
             KafkaConsumer<String, String> statuses = consumer(bootstrap, Topics.CRAWL_STATUS);
             KafkaProducer<String, String> producer = producer(bootstrap)) {
            producer.send(new ProducerRecord<>(Topics.CRAWL_SEEDS, JOB, EventCodec.encode(
                    new CrawlSeed(JOB, BASE + "0", ScopeMode.HOST, pages, 50, null, null, null, null)))).get();
            HttpClient http = HttpClient.newHttpClient();
            long nextSample = 0;
            while (last == null || last.phase() == Phase.MAPPING) {
                assertTrue(pattern.alive(), "the pattern service died; see " + pattern.log());
                assertTrue(System.nanoTime() - started < Duration.ofMinutes(20).toNanos(), "too slow: " + last);
                for (ConsumerRecord<String, String> r : requests.poll(Duration.ofMillis(100))) {
                    FetchRequest req = EventCodec.decode(EventType.FETCH_REQUEST, r.value());
                    if (req.jobId().equals(JOB)) {
                        producer.send(new ProducerRecord<>(Topics.PAGES_CLASSIFIED, JOB, EventCodec.encode(page(req))));
                        answered++;
                    }
                }
                for (ConsumerRecord<String, String> r : statuses.poll(Duration.ZERO)) {
                    if (JOB.equals(r.key())) {
                        last = EventCodec.decode(EventType.CRAWL_STATUS, r.value());
                    }
                }
                if (System.nanoTime() > nextSample) {
                    peakHeap = Math.max(peakHeap, heapUsed(http, pattern.httpPort()));
                    nextSample = System.nanoTime() + Duration.ofMillis(500).toNanos();
                }
            }
            peakHeap = Math.max(peakHeap, heapUsed(http, pattern.httpPort()));
            long hwm = rssHighWaterKb(pattern);
            long stateBytes;
            try (Stream<Path> files = Files.walk(state)) {
                stateBytes = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            String line = String.format("pattern service, -Xmx512m: %d URLs mapped (%d answers) in %.0f s; "
                            + "peak heap used %.0f MiB; RSS high-water %d MiB; state dir %.0f MiB; phase after: %s",
                    last.mappingFetches(), answered, seconds, peakHeap / 1048576.0, hwm / 1024,
                    stateBytes / 1048576.0, last.phase());
            System.out.println(line);
            Files.writeString(Path.of("target", "pattern-heap-benchmark.txt"), line + System.lineSeparator());
            assertTrue(last.mappingFetches() >= pages, "mapped " + last.mappingFetches());
            assertTrue(peakHeap < 512L * 1024 * 1024, "peak heap " + peakHeap);
        }
    }

    /** Page {@code i} links pages 5i+1 … 5i+5; every tenth page is a target (and so not expanded). */
    static PageClassified page(FetchRequest req) {
        long i = Long.parseLong(req.url().substring(BASE.length()));
        boolean target = i % 10 == 7;
        List<Outlink> links = new ArrayList<>();
        for (long c = 5 * i + 1; c <= 5 * i + 5; c++) {
            links.add(new Outlink(BASE + c, "", true));
        }
        return new PageClassified(JOB, req, req.url(), 200, target ? 0.95 : 0.2, target, "s1", links, List.of(),
                Hashes.sha256Hex(req.url()), 1000, 100, null, null, null);
    }

    static long heapUsed(HttpClient http, int port) {
        try {
            String body = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/metrics"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
            Matcher m = HEAP.matcher(body);
            double sum = 0;
            while (m.find()) {
                sum += Double.parseDouble(m.group(1));
            }
            return (long) sum;
        } catch (Exception e) {
            return 0; // not up yet
        }
    }

    /** The process's peak resident set (VmHWM in /proc, Linux), in KiB; 0 where /proc is missing. */
    static long rssHighWaterKb(ServiceProcess process) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    static KafkaConsumer<String, String> consumer(String bootstrap, String topic) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "bench-" + topic + "-" + System.nanoTime());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        KafkaConsumer<String, String> c = new KafkaConsumer<>(p);
        c.subscribe(List.of(topic));
        return c;
    }

    static KafkaProducer<String, String> producer(String bootstrap) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(p);
    }
}
