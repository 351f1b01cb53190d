package dev.shapecrawl.console;

import dev.shapecrawl.core.fetch.AddressClass;
import dev.shapecrawl.core.fetch.AddressGuard;
import dev.shapecrawl.events.JobSubmission;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The new-crawl form's endpoints (issue 22): a CSRF token, and the form itself, which publishes the job's events
 * ({@link CrawlForm}) exactly as {@code shapecrawl crawl} does.
 *
 * <p>CSRF protection, two layers: (1) a double-submit token: {@code GET /api/crawl/token} sets it in a cookie
 * ({@code HttpOnly}, {@code SameSite=Strict}) and returns it; {@code POST /api/crawl} must carry the same value in
 * its {@value #TOKEN_HEADER} header, which another origin's page can neither read nor set; (2) a request whose
 * {@code Origin} header names another host and port than the console's own is refused. The body must be JSON
 * (another origin cannot send that without a preflight the console does not answer).
 */
@Path("/api/crawl")
@ApplicationScoped
public class CrawlResource {
    private static final Logger LOG = Logger.getLogger(CrawlResource.class);
    /** The cookie holding the CSRF token. */
    static final String TOKEN_COOKIE = "shapecrawl_csrf";
    /** The header that must repeat it. */
    static final String TOKEN_HEADER = "X-CSRF-Token";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final AddressGuard guard;
    private final Properties producerSettings = new Properties();
    private volatile KafkaProducer<String, String> producer;

    /**
     * @param bootstrapServers the cluster the jobs are published to
     * @param allowed          address classes the form's URLs may resolve to besides public ones
     *                         ({@code shapecrawl.console.allowed-addresses}, the fetcher's setting's names, e.g.
     *                         {@code LOOPBACK}); empty: public only, the fetcher's default
     * @throws IllegalArgumentException for an unknown class name (the console does not start)
     */
    public CrawlResource(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                         @ConfigProperty(name = "shapecrawl.console.allowed-addresses") Optional<List<String>> allowed) {
        this.guard = new AddressGuard(addressClasses(allowed.orElse(List.of())));
        producerSettings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        producerSettings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producerSettings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producerSettings.put(ProducerConfig.ACKS_CONFIG, "all");
        producerSettings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        producerSettings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
    }

    /** @throws IllegalArgumentException naming the known classes, for a name that is none of them */
    static Set<AddressClass> addressClasses(List<String> names) {
        Set<AddressClass> out = EnumSet.noneOf(AddressClass.class);
        for (String n : names) {
            if (n.isBlank()) {
                continue;
            }
            try {
                out.add(AddressClass.valueOf(n.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("shapecrawl.console.allowed-addresses: unknown address class '"
                        + n + "'; known: " + List.of(AddressClass.values()));
            }
        }
        out.remove(AddressClass.PUBLIC);
        return out;
    }

    /** A fresh CSRF token: in the cookie, and in the body for the form to send back in its header. */
    @GET
    @Path("/token")
    @Produces(MediaType.APPLICATION_JSON)
    public Response token() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        NewCookie cookie = new NewCookie.Builder(TOKEN_COOKIE).value(token).path("/").httpOnly(true)
                .sameSite(NewCookie.SameSite.STRICT).build();
        return Response.ok(Map.of("token", token)).cookie(cookie).header("Cache-Control", "no-store").build();
    }

    /**
     * Publishes a job from the form.
     *
     * @return 202 with {@code jobId} and the job page's address; 400 with {@code error} when a field fails its
     * check; 403 without a matching CSRF token or from another origin; 503 when the cluster does not take the events
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response crawl(CrawlForm form, @CookieParam(TOKEN_COOKIE) String cookie,
                          @HeaderParam(TOKEN_HEADER) String header, @HeaderParam("Origin") String origin,
                          @HeaderParam(HttpHeaders.HOST) String host) {
        if (!sameToken(cookie, header) || !sameOrigin(origin, host)) {
            return error(Response.Status.FORBIDDEN, "missing or wrong CSRF token, or another origin: "
                    + "open the form again and resend it");
        }
        if (form == null) {
            return error(Response.Status.BAD_REQUEST, "no form");
        }
        JobSubmission submission;
        try {
            submission = form.submission(guard);
        } catch (CrawlForm.Refused e) {
            return error(Response.Status.BAD_REQUEST, e.getMessage());
        }
        String job = submission.messages().get(0).key();
        try {
            KafkaProducer<String, String> p = producer();
            for (JobSubmission.Message m : submission.messages()) {
                p.send(new ProducerRecord<>(m.topic(), m.key(), m.value())).get(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return error(Response.Status.SERVICE_UNAVAILABLE, "interrupted while publishing the job");
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            LOG.warnf(e, "could not publish job %s", job);
            return error(Response.Status.SERVICE_UNAVAILABLE, "the cluster did not take the job: " + e.getMessage());
        }
        LOG.infof("job %s published from the crawl form (%d events)", job, submission.messages().size());
        return Response.accepted(Map.of("jobId", job, "page", "job.html?job=" + job)).build();
    }

    /** Both present and equal, compared in constant time. */
    static boolean sameToken(String cookie, String header) {
        return cookie != null && header != null && !cookie.isEmpty()
                && MessageDigest.isEqual(cookie.getBytes(StandardCharsets.UTF_8), header.getBytes(StandardCharsets.UTF_8));
    }

    /** No Origin header (not a browser's cross-site request), or one naming the console's own host and port. */
    static boolean sameOrigin(String origin, String host) {
        if (origin == null) {
            return true;
        }
        try {
            URI o = URI.create(origin);
            return host != null && o.getRawAuthority() != null && o.getRawAuthority().equalsIgnoreCase(host);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static Response error(Response.Status status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(Map.of("error", message)).build();
    }

    private KafkaProducer<String, String> producer() {
        KafkaProducer<String, String> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    producer = new KafkaProducer<>(producerSettings);
                }
                p = producer;
            }
        }
        return p;
    }

    void stop(@Observes ShutdownEvent event) {
        KafkaProducer<String, String> p = producer;
        if (p != null) {
            p.close(Duration.ofSeconds(5));
        }
    }
}
