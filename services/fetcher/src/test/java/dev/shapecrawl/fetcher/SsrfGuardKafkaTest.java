package dev.shapecrawl.fetcher;

import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Purpose;
import dev.shapecrawl.events.Topics;
import dev.shapecrawl.testkit.kafka.EmbeddedKafkaResource;
import dev.shapecrawl.testkit.kafka.TestKafka;
import dev.shapecrawl.testkit.kafka.TopicClient;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SSRF guard with the production default (no address class allowed): loopback literals, a private
 * address, the cloud metadata address, IPv6 loopback and a name that resolves to loopback are all refused
 * before any connection, and the local web server never sees a request. {@link FetcherKafkaTest} shows the
 * same service fetching loopback once the setting names {@code LOOPBACK}.
 */
@QuarkusTest
@QuarkusTestResource(EmbeddedKafkaResource.class)
@TestProfile(SsrfGuardKafkaTest.DefaultGuard.class)
class SsrfGuardKafkaTest {
    static final String JOB = "ssrf-it";

    /** The production default: {@code allowed-addresses} empty. */
    public static class DefaultGuard implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("shapecrawl.fetcher.engine.allowed-addresses", "");
        }
    }

    @Test
    void everyNonPublicAddressIsRefusedByDefault() {
        try (TestWebServer web = TestWebServer.start(); TopicClient kafka = new TopicClient(TestKafka.bootstrapServers())) {
            web.route("/", TestResponse.html("<p>must not be reached</p>"));
            List<String> urls = List.of(web.url("/"), "http://10.0.0.1/", "http://169.254.169.254/latest/meta-data/",
                    "http://[::1]:" + web.port() + "/", web.localhostUrl("/"));
            for (String url : urls) {
                FetchRequest r = FetchRequest.get(JOB, url, Purpose.MAP, 0);
                kafka.send(Topics.FETCH_REQUESTS, r.key(), EventCodec.encode(r));
            }
            for (String url : urls) {
                List<ConsumerRecord<String, String>> records = kafka.readUntil(Topics.PAGES_FETCHED,
                        rs -> rs.stream().anyMatch(x -> isFor(x, url)), Duration.ofSeconds(60));
                PageFetched page = records.stream().filter(x -> isFor(x, url))
                        .map(x -> EventCodec.decode(EventType.PAGE_FETCHED, x.value())).findFirst().orElseThrow();
                assertEquals(FetchErrorKind.BLOCKED_ADDRESS, page.error().kind(), url);
                assertEquals(0, page.status(), url);
            }
            assertTrue(web.requests().isEmpty(), "the guard let a request through: " + web.requests());
        }
    }

    static boolean isFor(ConsumerRecord<String, String> r, String url) {
        PageFetched p = EventCodec.decode(EventType.PAGE_FETCHED, r.value());
        return p.request().url().equals(url) && p.request().jobId().equals(JOB);
    }
}
