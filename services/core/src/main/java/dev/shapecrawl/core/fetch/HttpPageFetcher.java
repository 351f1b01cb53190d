package dev.shapecrawl.core.fetch;

import dev.shapecrawl.events.FetchError;
import dev.shapecrawl.events.FetchErrorKind;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.Urls;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Makes one attempt at a {@link FetchRequest}: the request, its redirects, and the body. Blocking: call it on
 * a worker thread (the {@link Fetcher} does). No politeness, robots.txt or retries here; those are the
 * {@link Fetcher}'s.
 *
 * <p>What one attempt does:
 * <ul>
 *   <li>Every URL, the first and each redirect target, goes through the {@link AddressGuard} before a
 *       connection is made; a refusal ends the attempt with {@link FetchErrorKind#BLOCKED_ADDRESS} (or
 *       {@link FetchErrorKind#DNS}).</li>
 *   <li>Each redirect target also goes through the caller's {@link HopCheck} (the {@link Fetcher} checks it
 *       against the robots.txt of the target's origin), so a redirect cannot lead into a disallowed path:
 *       a form action that redirects into {@code Disallow}ed space is refused there, with the check's error
 *       ({@link FetchErrorKind#ROBOTS_DENIED}).</li>
 *   <li>Redirects (301, 302, 303, 307, 308 with a Location) are followed by hand, up to
 *       {@link FetchSettings#maxRedirects()}, relative Locations resolved, each URL recorded in the redirect
 *       chain. A Location pointing back into the chain is a loop; a loop or one redirect too many ends with
 *       {@link FetchErrorKind#TOO_MANY_REDIRECTS}. 303 (and 301/302 after a POST) continue with GET.</li>
 *   <li>A final status other than 2xx is {@link FetchErrorKind#HTTP_STATUS} with the status recorded. The
 *       error page's body is not read (the contract carries no body for failures, and not reading it spares
 *       the bandwidth); its content type and {@code Retry-After} are kept.</li>
 *   <li>A 2xx whose media type is not in {@link FetchSettings#acceptedContentTypes()} is
 *       {@link FetchErrorKind#UNSUPPORTED_TYPE} with status and content type, and the body is not read at all
 *       (the stream is closed at once, so a PDF is not downloaded). Without a Content-Type the first bytes
 *       are sniffed ({@link HtmlSniffer}): HTML is kept (content type reported null, as sent), anything else
 *       is UNSUPPORTED_TYPE.</li>
 *   <li>The body is decompressed by hand ({@code Accept-Encoding: gzip, deflate} is sent) and read through a
 *       {@link BodyBuffer} that stops at {@link FetchSettings#maxBodyBytes()} decompressed bytes: the page is
 *       then marked truncated and the prefix kept. This bounds memory and zip bombs alike.</li>
 *   <li>{@link FetchSettings#readTimeoutMs()} bounds each exchange (hop) from request to last body byte: the
 *       HttpClient's request timeout covers connect and headers, and a {@link ReadDeadline} closes the body
 *       stream if the body is still arriving when the time is up (a slow-drip server), giving
 *       {@link FetchErrorKind#TIMEOUT}.</li>
 *   <li>The charset is chosen by {@link CharsetSniffer} (BOM, header, meta, UTF-8 validity, windows-1252).</li>
 * </ul>
 *
 * <p>HTTP versions: {@code https} negotiates HTTP/2 by ALPN and falls back to HTTP/1.1; plain {@code http} is
 * sent as HTTP/1.1, because for {@code http} the JDK client would otherwise attempt an {@code h2c} upgrade
 * ({@code Upgrade: h2c} plus {@code HTTP2-Settings} on every first request), which some servers and proxies
 * mishandle and which buys a crawler nothing. No cookies are kept and no proxy is used (a proxy would
 * defeat the guard).
 *
 * <p>Thread-safe: one instance serves all worker threads.
 */
public final class HttpPageFetcher {
    /** The {@code Accept} header of page requests. */
    public static final String ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1";
    /** The {@code Accept-Encoding} header: the codings {@link ContentDecoding} undoes. */
    public static final String ACCEPT_ENCODING = "gzip, deflate";
    /** Redirects followed for robots.txt: RFC 9309 §2.3.1.2 says at least five. */
    public static final int ROBOTS_MAX_REDIRECTS = 5;

    private static final String ROBOTS_ACCEPT = "text/plain,*/*;q=0.1";

    private final FetchSettings settings;
    private final AddressGuard guard;
    private final HttpClient client;
    private final ScheduledExecutorService timer;

    /**
     * @param settings the limits and headers
     * @param guard    checks every URL before it is requested
     * @param client   the HTTP client; must not follow redirects itself (see {@link #newHttpClient})
     * @param timer    runs the body-read deadlines; a single daemon thread is plenty
     * @throws IllegalArgumentException if {@code client} follows redirects (the guard would be bypassed)
     */
    public HttpPageFetcher(FetchSettings settings, AddressGuard guard, HttpClient client,
                           ScheduledExecutorService timer) {
        if (client.followRedirects() != HttpClient.Redirect.NEVER) {
            throw new IllegalArgumentException("client: must not follow redirects (the SSRF guard checks each "
                    + "hop), was " + client.followRedirects());
        }
        this.settings = settings;
        this.guard = guard;
        this.client = client;
        this.timer = timer;
    }

    /**
     * The JDK client the fetcher uses: HTTP/2 preferred (with fallback to 1.1), redirects never followed
     * automatically, {@link FetchSettings#connectTimeoutMs()} as connect timeout, no proxy, no cookies.
     *
     * <p>JDK 17's HttpClient has no {@code close()}; its selector and worker threads are daemon threads that
     * end when the client becomes unreachable.
     */
    public static HttpClient newHttpClient(FetchSettings settings) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_2)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofMillis(settings.connectTimeoutMs()))
                .proxy(HttpClient.Builder.NO_PROXY)
                .build();
    }

    /**
     * Makes one attempt at {@code request}. Blocks for up to about
     * {@code (maxRedirects + 1) · (readTimeoutMs)} plus DNS time.
     *
     * @return the outcome; fetch failures are in {@link FetchAttempt#error()}, never thrown
     */
    public FetchAttempt fetch(FetchRequest request) {
        return fetch(request, HopCheck.NONE);
    }

    /**
     * A check of each redirect target, after the SSRF guard has let it through and before it is requested.
     */
    @FunctionalInterface
    public interface HopCheck {
        /** Lets every target through (the guard still applies). */
        HopCheck NONE = next -> null;

        /**
         * Decides about one redirect target. May block (the {@link Fetcher} may fetch the target origin's
         * robots.txt here).
         *
         * @param next the target, absolute, without fragment
         * @return null to follow it, or the error that ends the attempt (the target is not requested)
         */
        FetchError check(URI next);
    }

    /**
     * {@link #fetch(FetchRequest)} with {@code hops} deciding about every redirect target too.
     *
     * @return the outcome; fetch failures are in {@link FetchAttempt#error()}, never thrown
     */
    public FetchAttempt fetch(FetchRequest request, HopCheck hops) {
        return fetch(request, hops, null);
    }

    /**
     * {@link #fetch(FetchRequest, HopCheck)} as a conditional request when {@code stored} is given (a GET whose
     * earlier answer the caller keeps): the request URL is asked with {@code If-None-Match} and {@code
     * If-Modified-Since} (RFC 9110 §13.1.2–§13.1.3; a redirect target is asked unconditionally), and a {@code 304}
     * answer ends the attempt with {@link FetchAttempt#notModified()} and no body: the caller's copy is the page.
     *
     * @param stored the stored answer's validators, or null for an unconditional request
     * @return the outcome; fetch failures are in {@link FetchAttempt#error()}, never thrown
     */
    public FetchAttempt fetch(FetchRequest request, HopCheck hops, Validators stored) {
        long startedAtMs = System.currentTimeMillis();
        long t0 = System.nanoTime();
        byte[] form = request.method() == HttpMethod.POST ? formBody(request.form()) : null;
        Validators conditional = request.method() == HttpMethod.GET ? stored : null;
        Exchange ex = follow(request.url(), request.method(), form, settings.maxRedirects(), ACCEPT, hops,
                conditional);
        Result r = new Result(ex);
        boolean notModified = false;
        if (ex.error == null && conditional != null && ex.status == 304 && ex.chain.size() == 1) {
            closeQuietly(ex.response.body());
            notModified = true;
        } else if (ex.error == null) {
            readPage(ex, r);
        }
        long durationMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        String finalUrl = ex.chain.get(ex.chain.size() - 1);
        Validators validators = r.error == null && !notModified && ex.response != null
                ? Validators.of(ex.response.headers()).orElse(null) : null;
        return new FetchAttempt(finalUrl, ex.chain, ex.status, r.contentType, r.charset, r.body, r.truncated,
                r.contentBytes, startedAtMs, durationMs, ex.retryAfter, ex.contacted, r.error, validators,
                notModified);
    }

    /**
     * Fetches a robots.txt: GET, through the guard, up to {@link #ROBOTS_MAX_REDIRECTS} redirects (across hosts
     * too, as RFC 9309 allows), any content type, body capped at {@link FetchSettings#robotsMaxBytes()}.
     */
    RobotsResponse fetchRobots(URI robotsUri) {
        Exchange ex = follow(robotsUri.toString(), HttpMethod.GET, null, ROBOTS_MAX_REDIRECTS, ROBOTS_ACCEPT,
                HopCheck.NONE, null);
        if (ex.error != null) {
            return new RobotsResponse(ex.status, null, new byte[0], ex.error, ex.contacted);
        }
        ContentType ct = ContentType.parse(ex.response.headers().firstValue("content-type").orElse(null));
        if (ex.status < 200 || ex.status > 299) {
            closeQuietly(ex.response.body());
            return new RobotsResponse(ex.status, ct == null ? null : ct.mediaType(), new byte[0], null, true);
        }
        try {
            BodyBuffer body = readBody(ex, settings.robotsMaxBytes(), Integer.MAX_VALUE);
            byte[] bytes = Arrays.copyOf(body.bytes(), body.length());
            return new RobotsResponse(ex.status, ct == null ? null : ct.mediaType(), bytes, null, true);
        } catch (BodyReadException e) {
            return new RobotsResponse(ex.status, null, new byte[0], e.error, true);
        }
    }

    /**
     * What a robots.txt request produced.
     *
     * @param status      the final status, 0 when none
     * @param contentType the media type, or null
     * @param body        the (decompressed, capped) body of a 2xx, else empty
     * @param error       a transport failure (or guard refusal, or too many redirects), else null
     * @param contacted   true when a request was sent
     */
    record RobotsResponse(int status, String contentType, byte[] body, FetchError error, boolean contacted) {
    }

    private void readPage(Exchange ex, Result r) {
        HttpResponse<InputStream> resp = ex.response;
        ContentType ct = ContentType.parse(resp.headers().firstValue("content-type").orElse(null));
        r.contentType = ct == null ? null : ct.mediaType();
        if (ex.status < 200 || ex.status > 299) {
            closeQuietly(resp.body());
            r.error = Failures.of(FetchErrorKind.HTTP_STATUS, "HTTP " + ex.status);
            return;
        }
        if (ct != null && !settings.acceptedContentTypes().contains(ct.mediaType())) {
            closeQuietly(resp.body()); // not reading on: a 1 GB video costs nothing but its headers
            r.error = Failures.of(FetchErrorKind.UNSUPPORTED_TYPE, "content type " + ct.mediaType()
                    + " is not accepted " + settings.acceptedContentTypes());
            return;
        }
        BodyBuffer body;
        try {
            body = readBody(ex, settings.maxBodyBytes(), ct == null ? HtmlSniffer.PREFIX_BYTES : Integer.MAX_VALUE);
        } catch (BodyReadException e) {
            r.error = e.error;
            return;
        }
        if (ct == null && !HtmlSniffer.looksLikeHtml(body.bytes(), body.length())) {
            r.error = Failures.of(FetchErrorKind.UNSUPPORTED_TYPE, "no Content-Type, and the body does not "
                    + "look like HTML");
            return;
        }
        CharsetSniffer.Detected cs = CharsetSniffer.detect(ct == null ? null : ct.charset(), body.bytes(),
                body.length(), body.truncated());
        r.charset = cs.charset().name();
        r.body = CharsetSniffer.decode(body.bytes(), body.length(), cs, body.truncated());
        r.truncated = body.truncated();
        r.contentBytes = body.length();
    }

    /**
     * Reads the body of the final response under the exchange's deadline: decompressed, at most {@code cap}
     * bytes. When {@code sniffFirst} is smaller than the cap, reading pauses after that many bytes so that a
     * body without Content-Type is only read on when it looks like HTML.
     */
    private BodyBuffer readBody(Exchange ex, int cap, int sniffFirst) throws BodyReadException {
        InputStream raw = ex.response.body();
        long left = ex.deadlineNanos - System.nanoTime();
        try (ReadDeadline deadline = ReadDeadline.arm(timer, raw, left)) {
            try {
                List<String> codings = ContentDecoding.codings(
                        ex.response.headers().allValues("content-encoding"));
                InputStream in = ContentDecoding.decode(raw, codings);
                BodyBuffer body = new BodyBuffer(in, cap);
                if (sniffFirst < cap) {
                    body.fill(sniffFirst);
                    if (!HtmlSniffer.looksLikeHtml(body.bytes(), body.length())) {
                        return body; // the caller refuses it; do not download the rest
                    }
                }
                return body.fillToCap();
            } catch (IOException | RuntimeException e) {
                if (deadline.fired()) {
                    throw new BodyReadException(Failures.of(FetchErrorKind.TIMEOUT, "body not complete within "
                            + "readTimeoutMs=" + settings.readTimeoutMs()));
                }
                if (e instanceof ContentDecoding.UnsupportedEncodingException) {
                    throw new BodyReadException(Failures.of(FetchErrorKind.IO, e.getMessage()));
                }
                throw new BodyReadException(Failures.classify(e));
            }
        } finally {
            closeQuietly(raw); // at EOF this releases the connection for reuse; before EOF it drops it
        }
    }

    /**
     * Sends the request and follows redirects until a final response, a refusal or a failure. On success the
     * final response's body is open and must be closed by the caller.
     */
    private Exchange follow(String url, HttpMethod method, byte[] form, int maxRedirects, String accept,
                            HopCheck hops, Validators conditional) {
        Exchange ex = new Exchange();
        ex.chain.add(url);
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            ex.error = Failures.of(FetchErrorKind.IO, "unparseable URL: " + e.getReason());
            return ex;
        }
        HttpMethod currentMethod = method;
        byte[] currentForm = form;
        AddressGuard.Verdict first = guard.check(uri);
        if (!first.allowed()) {
            ex.error = first.error();
            return ex;
        }
        for (int redirects = 0; ; redirects++) {
            // Invariant: uri passed the guard and is the last element of the chain.
            HttpResponse<InputStream> resp;
            long hopStart = System.nanoTime();
            try {
                // preconditions name the stored copy of the requested URL: a redirect target is asked unconditionally
                HttpRequest req = buildRequest(uri, currentMethod, currentForm, accept,
                        redirects == 0 ? conditional : null);
                ex.contacted = true;
                resp = client.send(req, HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                ex.error = Failures.classify(e);
                return ex;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ex.error = Failures.of(FetchErrorKind.IO, "interrupted (fetcher shutting down)");
                return ex;
            } catch (IllegalArgumentException e) {
                ex.error = Failures.of(FetchErrorKind.IO, "invalid request: " + e.getMessage());
                return ex;
            }
            ex.status = resp.statusCode();
            ex.retryAfter = resp.headers().firstValue("retry-after").orElse(null);
            String location = resp.headers().firstValue("location").orElse(null);
            if (!Redirects.isRedirect(ex.status) || location == null) {
                ex.response = resp;
                ex.deadlineNanos = hopStart + TimeUnit.MILLISECONDS.toNanos(settings.readTimeoutMs());
                return ex;
            }
            closeQuietly(resp.body());
            if (redirects >= maxRedirects) {
                ex.error = Failures.of(FetchErrorKind.TOO_MANY_REDIRECTS, "more than " + maxRedirects
                        + " redirects");
                return ex;
            }
            URI next;
            try {
                next = Redirects.resolve(uri, location);
            } catch (URISyntaxException e) {
                // Not echoing the value: an unparseable Location may carry user:password@ that the contract's
                // user-info rule (below) never got to see, and this message travels in the event.
                ex.error = Failures.of(FetchErrorKind.IO, "invalid Location header: " + e.getReason());
                return ex;
            }
            String nextUrl = next.toString();
            if (ex.chain.contains(nextUrl)) {
                ex.error = Failures.of(FetchErrorKind.TOO_MANY_REDIRECTS, "redirect loop back to " + nextUrl);
                return ex;
            }
            try {
                // the contract's URL rules: scheme, host, length, and no user info (credentials never enter the
                // chain, hence never an event or a log line)
                Urls.requireHttp("Location", nextUrl);
            } catch (IllegalArgumentException e) {
                ex.error = Failures.of(FetchErrorKind.BLOCKED_ADDRESS, "redirect target refused: " + e.getMessage());
                return ex;
            }
            AddressGuard.Verdict verdict = guard.check(next);
            if (!verdict.allowed()) { // never requested, so not part of the chain; the message names it
                ex.error = Failures.of(verdict.error().kind(), "redirect to " + nextUrl + " refused: "
                        + verdict.error().message());
                return ex;
            }
            FetchError hop = hops.check(next);
            if (hop != null) { // not requested either
                ex.error = Failures.of(hop.kind(), "redirect to " + nextUrl + " refused: " + hop.message());
                return ex;
            }
            ex.chain.add(nextUrl);
            uri = next;
            currentMethod = Redirects.nextMethod(ex.status, currentMethod);
            currentForm = currentMethod == HttpMethod.GET ? null : currentForm;
        }
    }

    private HttpRequest buildRequest(URI uri, HttpMethod method, byte[] form, String accept,
                                     Validators conditional) {
        // The fragment is not part of the request target; the prefix of a valid URI is a valid URI.
        URI target = uri.getRawFragment() == null ? uri
                : URI.create(uri.toString().substring(0, uri.toString().indexOf('#')));
        HttpRequest.Builder b = HttpRequest.newBuilder(target)
                .timeout(Duration.ofMillis(settings.readTimeoutMs()))
                .header("User-Agent", settings.userAgent())
                .header("Accept", accept)
                .header("Accept-Encoding", ACCEPT_ENCODING);
        if ("http".equalsIgnoreCase(target.getScheme())) {
            b.version(HttpClient.Version.HTTP_1_1); // no h2c upgrade dance on cleartext
        }
        if (conditional != null && conditional.etag() != null) {
            b.header("If-None-Match", conditional.etag());
        }
        if (conditional != null && conditional.lastModified() != null) {
            // RFC 9110 §13.1.3: the stored Last-Modified date as it came; ignored by a server when If-None-Match is
            // there and it knows ETags
            b.header("If-Modified-Since", conditional.lastModified());
        }
        if (method == HttpMethod.POST) {
            b.header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(form == null ? new byte[0] : form));
        } else {
            b.GET();
        }
        return b.build();
    }

    /**
     * The {@code application/x-www-form-urlencoded} body of {@code form}: UTF-8, spaces as {@code +}, fields
     * in order joined by {@code &} (HTML standard, "URL-encoded form data").
     */
    static byte[] formBody(List<FormField> form) {
        StringJoiner j = new StringJoiner("&");
        for (FormField f : form) {
            j.add(URLEncoder.encode(f.name(), StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(f.value(), StandardCharsets.UTF_8));
        }
        return j.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException | RuntimeException ignored) {
            // nothing to do: the connection is dropped either way
        }
    }

    /** State of one attempt's exchange with the server, across redirects. */
    private static final class Exchange {
        final List<String> chain = new ArrayList<>();
        HttpResponse<InputStream> response;
        long deadlineNanos;
        int status;
        String retryAfter;
        boolean contacted;
        FetchError error;
    }

    /** The page-level results of an attempt, filled in as far as the attempt gets. */
    private static final class Result {
        String contentType;
        String charset;
        String body;
        boolean truncated;
        long contentBytes;
        FetchError error;

        Result(Exchange ex) {
            this.error = ex.error;
        }
    }

    private static final class BodyReadException extends Exception {
        final transient FetchError error;

        BodyReadException(FetchError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }
    }
}
