package dev.shapecrawl.testkit.hostile;

import dev.shapecrawl.testkit.web.RecordedRequest;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A web site that is hostile to crawlers, on {@code 127.0.0.1} only (a {@link TestWebServer}), for tests that
 * the crawler's limits hold: every trap a crawler meets in the wild, each at its own path, each generated on the
 * fly so that the site itself costs a few kilobytes of memory however large the responses it serves.
 *
 * <table>
 *   <caption>The traps</caption>
 *   <tr><th>Path</th><th>What it serves</th></tr>
 *   <tr><td>{@value #CALENDAR_START}</td><td>a calendar trap: {@code /cal/YEAR/MONTH} for any year and month,
 *       each linking the previous and the next month, forever (an infinite link space)</td></tr>
 *   <tr><td>{@value #SESSION_START}</td><td>session ids in URLs: every page under {@code /sid/} links its
 *       neighbours with a fresh {@code ;jsessionid=} or {@code ?sid=} each time it is served, so no URL repeats
 *       (an infinite link space that URL normalisation does not collapse)</td></tr>
 *   <tr><td>{@value #REDIRECT_LOOP}</td><td>a redirect loop: {@code /redirect/loop/a} → {@code /redirect/loop/b}
 *       → {@code /redirect/loop/a} …</td></tr>
 *   <tr><td>{@value #REDIRECT_CHAIN}</td><td>a redirect chain of {@value #REDIRECT_CHAIN_HOPS} hops:
 *       {@code /redirect/chain/N} → {@code /redirect/chain/N+1}, a page at the end</td></tr>
 *   <tr><td>{@value #DRIP}</td><td>a slow drip: headers at once, then one body byte per second for an hour</td></tr>
 *   <tr><td>{@value #HUGE}</td><td>a {@value #HUGE_PAGE_BYTES}-byte (50 MiB) HTML page with a Content-Length</td></tr>
 *   <tr><td>{@value #GZIP_BOMB}</td><td>a gzip bomb: {@code Content-Encoding: gzip}, about 1,000 times smaller
 *       on the wire than the {@value #GZIP_BOMB_BYTES} bytes (10 GiB) of HTML it inflates to</td></tr>
 *   <tr><td>{@value #MILLION_LINKS}</td><td>a page with {@value #LINK_COUNT} distinct links (about 25 MB)</td></tr>
 *   <tr><td>{@value #DEEP_DOM}</td><td>{@value #DEEP_DOM_LEVELS} nested {@code <div>}s (about 2.2 MB)</td></tr>
 *   <tr><td>{@value #BINARY}</td><td>1 MiB of random bytes served as {@code text/html}</td></tr>
 *   <tr><td>{@value #FORM}</td><td>a page with a POST form whose action, {@value #FORM_ACTION}, robots.txt
 *       disallows</td></tr>
 *   <tr><td>{@value #SCRIPT}</td><td>script payloads ({@link #SCRIPT_PAYLOADS}) as pages' text: an index linking
 *       one item page per payload ({@value #SCRIPT_ITEM}N, alike in structure: the target pages of a crawl), each
 *       with the payload in its title, all of them in the cells of a list of records and in the paths and texts of
 *       its links; for tools that show what was crawled (the console) to prove they never run them</td></tr>
 *   <tr><td>{@code /robots.txt}</td><td>{@code Disallow: /private/} for every agent</td></tr>
 * </table>
 *
 * <p>{@code /} links every trap. Any other path is a small 404 page. Requests are logged by the underlying
 * server ({@link #server()}), so a test can check what a crawler asked for and how many body bytes the site
 * managed to send ({@link RecordedRequest#responseBytesWritten()}). Closing the site ends every response still
 * being written (a drip, a bomb) at once.
 */
public final class HostileSite implements AutoCloseable {
    /** The calendar trap's first page. */
    public static final String CALENDAR_START = "/cal/2026/11";
    /** The session-id trap's first page. */
    public static final String SESSION_START = "/sid/list";
    /** The first URL of the redirect loop. */
    public static final String REDIRECT_LOOP = "/redirect/loop/a";
    /** The first URL of the redirect chain. */
    public static final String REDIRECT_CHAIN = "/redirect/chain/0";
    /** Hops of the redirect chain: {@code /redirect/chain/0} redirects 50 times before a page answers. */
    public static final int REDIRECT_CHAIN_HOPS = 50;
    /** The slow-drip page. */
    public static final String DRIP = "/drip";
    /** How long the drip goes on at one byte a second, seconds (an hour: longer than any sane read timeout). */
    public static final int DRIP_SECONDS = 3600;
    /** The 50 MiB page. */
    public static final String HUGE = "/huge";
    /** Size of {@value #HUGE}, bytes: 50 MiB, ten times the fetcher's default body cap. */
    public static final long HUGE_PAGE_BYTES = 50L * 1024 * 1024;
    /** The gzip bomb. */
    public static final String GZIP_BOMB = "/gzip-bomb";
    /** Decompressed size of the gzip bomb, bytes: 10 GiB (more than any heap a crawler runs with). */
    public static final long GZIP_BOMB_BYTES = 10L * 1024 * 1024 * 1024;
    /** The page with a million links. */
    public static final String MILLION_LINKS = "/million-links";
    /** Links on {@value #MILLION_LINKS}. */
    public static final int LINK_COUNT = 1_000_000;
    /** The deeply nested page. */
    public static final String DEEP_DOM = "/deep";
    /** Nesting depth of {@value #DEEP_DOM}: 200,000 {@code <div>}s, each inside the previous one. */
    public static final int DEEP_DOM_LEVELS = 200_000;
    /** Random bytes labelled {@code text/html}. */
    public static final String BINARY = "/binary";
    /** Size of {@value #BINARY}, bytes: 1 MiB. */
    public static final int BINARY_BYTES = 1024 * 1024;
    /** The page with a form whose action robots.txt disallows. */
    public static final String FORM = "/form";
    /** The form's action, under the disallowed {@code /private/}. */
    public static final String FORM_ACTION = "/private/search";

    private static final int MIB = 1024 * 1024;
    /** The script pages' index. */
    public static final String SCRIPT = "/script";
    /** The script item pages: this and the payload's index, {@code /script/item/0} … */
    public static final String SCRIPT_ITEM = "/script/item/";
    /** What a payload does when it runs: calls {@code alert} or {@code console.log} with this marker. */
    public static final String SCRIPT_MARKER = "shapecrawl-xss";
    /**
     * Strings that run script wherever a tool puts them into a page as HTML (or into an attribute, a URL, a
     * template) instead of as text; each calls {@code alert} or {@code console.log} with {@link #SCRIPT_MARKER}.
     */
    public static final List<String> SCRIPT_PAYLOADS = List.of(
            "<script>alert('" + SCRIPT_MARKER + "')</script>",
            "\"><img src=x onerror=\"alert('" + SCRIPT_MARKER + "')\">",
            "'><svg onload=alert('" + SCRIPT_MARKER + "')>",
            "javascript:alert('" + SCRIPT_MARKER + "')",
            "<iframe srcdoc=\"<script>parent.alert('" + SCRIPT_MARKER + "')</script>\"></iframe>",
            "</textarea></title><script>console.log('" + SCRIPT_MARKER + "')</script>",
            "{{constructor.constructor('alert(\"" + SCRIPT_MARKER + "\")')()}}",
            "<a href=\"javascript:alert('" + SCRIPT_MARKER + "')\">click</a><details open ontoggle=\"alert('"
                    + SCRIPT_MARKER + "')\">");

    private static final Pattern CALENDAR = Pattern.compile("/cal/(-?\\d{1,9})/(\\d{1,2})");
    private static final Pattern CHAIN = Pattern.compile("/redirect/chain/(\\d{1,9})");
    private static final String ROBOTS = "User-agent: *\nDisallow: /private/\n";

    private final TestWebServer web;
    private final AtomicLong sessions = new AtomicLong();

    private HostileSite(TestWebServer web) {
        this.web = web;
    }

    /** Starts the site on {@code 127.0.0.1} and an ephemeral port. */
    public static HostileSite start() {
        HostileSite site = new HostileSite(TestWebServer.start());
        site.install();
        return site;
    }

    /** The server underneath: its request log, and routes a test may add or override. */
    public TestWebServer server() {
        return web;
    }

    /** {@code http://127.0.0.1:PORT} + {@code pathAndQuery}. */
    public String url(String pathAndQuery) {
        return web.url(pathAndQuery);
    }

    /** {@code http://localhost:PORT} + {@code pathAndQuery}: the same site under a second host name. */
    public String localhostUrl(String pathAndQuery) {
        return web.localhostUrl(pathAndQuery);
    }

    /** Session ids handed out so far (one per link on a {@code /sid/} page served). */
    public long sessionsIssued() {
        return sessions.get();
    }

    /** Stops the server; responses still being written end at once. */
    @Override
    public void close() {
        web.close();
    }

    private void install() {
        web.route("/robots.txt", TestResponse.text(ROBOTS))
                .route("/", TestResponse.html(index()))
                .route(REDIRECT_LOOP, TestResponse.redirect(302, "/redirect/loop/b"))
                .route("/redirect/loop/b", TestResponse.redirect(302, REDIRECT_LOOP))
                .route(DRIP, drip())
                .route(HUGE, huge())
                .route(GZIP_BOMB, gzipBomb(GZIP_BOMB_BYTES))
                .route(MILLION_LINKS, millionLinks())
                .route(DEEP_DOM, deepDom())
                .route(BINARY, binary())
                .route(FORM, TestResponse.html(page("form", "<form action=\"" + FORM_ACTION + "\" method=\"post\">"
                        + "<label>Search <input name=\"q\"></label><button>Go</button></form>")))
                .route(FORM_ACTION, TestResponse.html(page("private", "<p>robots.txt disallows this page</p>")))
                .route(SCRIPT, TestResponse.html(scriptIndex()))
                .fallback(this::byPattern);
    }

    private TestResponse byPattern(RecordedRequest r) {
        String path = r.path();
        if (path.startsWith("/sid/")) {
            return sessionPage(path);
        }
        Matcher cal = CALENDAR.matcher(path);
        if (cal.matches()) {
            int month = Integer.parseInt(cal.group(2));
            if (month >= 1 && month <= 12) {
                return calendar(Long.parseLong(cal.group(1)), month);
            }
        }
        Matcher chain = CHAIN.matcher(path);
        if (chain.matches()) {
            int n = Integer.parseInt(chain.group(1));
            if (n < REDIRECT_CHAIN_HOPS) {
                return TestResponse.redirect(302, "/redirect/chain/" + (n + 1));
            }
            if (n == REDIRECT_CHAIN_HOPS) {
                return TestResponse.html(page("end of the chain", "<p>" + n + " redirects later</p>"));
            }
        }
        if (path.startsWith(SCRIPT_ITEM) && path.substring(SCRIPT_ITEM.length()).matches("[0-9]{1,2}")) {
            int i = Integer.parseInt(path.substring(SCRIPT_ITEM.length()));
            if (i < SCRIPT_PAYLOADS.size()) {
                return TestResponse.html(scriptItem(i));
            }
        }
        if (path.startsWith("/l/")) {
            return TestResponse.html(page("link target", "<p>" + escape(path) + "</p>"));
        }
        return TestResponse.html(404, page("not found", "<p>no such page</p>"));
    }

    private static String index() {
        StringBuilder b = new StringBuilder("<ul>");
        for (String p : List.of(CALENDAR_START, SESSION_START, REDIRECT_LOOP, REDIRECT_CHAIN, DRIP, HUGE, GZIP_BOMB,
                MILLION_LINKS, DEEP_DOM, BINARY, FORM, SCRIPT)) {
            b.append("<li><a href=\"").append(p).append("\">").append(p).append("</a></li>");
        }
        return page("hostile site", b.append("</ul>").toString());
    }

    /**
     * The index of the script pages: a link to each item page, its text a payload. The payloads are the pages' text
     * (escaped here, so these pages run nothing themselves; a crawler extracts them as the strings they are).
     */
    private static String scriptIndex() {
        StringBuilder b = new StringBuilder("<ul class=\"items\">");
        for (int i = 0; i < SCRIPT_PAYLOADS.size(); i++) {
            b.append("<li><a href=\"").append(SCRIPT_ITEM).append(i).append("\">").append(escape(SCRIPT_PAYLOADS.get(i)))
                    .append("</a></li>");
        }
        return page("script payloads", b.append("</ul>").toString());
    }

    /**
     * Item page {@code i}: titled with payload {@code i}, a table with one payload per row (as the list a crawler
     * extracts records from), links whose paths and texts carry the payloads.
     */
    private static String scriptItem(int i) {
        StringBuilder b = new StringBuilder("<h1>").append(escape(SCRIPT_PAYLOADS.get(i))).append("</h1>")
                .append("<table class=\"payloads\"><tr><th>Payload</th><th>Where</th></tr>");
        for (String p : SCRIPT_PAYLOADS) {
            b.append("<tr><td>").append(escape(p)).append("</td><td>").append(escape("cell " + p)).append("</td></tr>");
        }
        b.append("</table><ul>");
        for (String p : SCRIPT_PAYLOADS) {
            b.append("<li><a href=\"/l/").append(escape(java.net.URLEncoder.encode(p, StandardCharsets.UTF_8)))
                    .append("\">").append(escape(p)).append("</a></li>");
        }
        b.append("</ul><p><a href=\"").append(SCRIPT).append("\">all payloads</a></p>");
        return page(SCRIPT_PAYLOADS.get(i), b.toString());
    }

    /** One month; links to the months before and after, whatever the year (no end in either direction). */
    private static TestResponse calendar(long year, int month) {
        long prevYear = month == 1 ? year - 1 : year;
        int prevMonth = month == 1 ? 12 : month - 1;
        long nextYear = month == 12 ? year + 1 : year;
        int nextMonth = month == 12 ? 1 : month + 1;
        StringBuilder days = new StringBuilder("<table class=\"month\"><tr>");
        for (int d = 1; d <= 28; d++) {
            days.append("<td>").append(d).append("</td>");
            if (d % 7 == 0) {
                days.append("</tr><tr>");
            }
        }
        days.append("</tr></table>");
        return TestResponse.html(page(year + "-" + month, "<h1>" + year + " / " + month + "</h1>"
                + "<a rel=\"prev\" href=\"/cal/" + prevYear + "/" + prevMonth + "\">previous month</a> "
                + "<a rel=\"next\" href=\"/cal/" + nextYear + "/" + nextMonth + "\">next month</a>" + days));
    }

    /** A page under /sid/ whose every link carries a session id never handed out before. */
    private TestResponse sessionPage(String path) {
        StringBuilder b = new StringBuilder("<h1>").append(escape(path)).append("</h1><ul>");
        b.append("<li><a href=\"/sid/list;jsessionid=").append(sessionId()).append("\">list</a></li>");
        for (int i = 1; i <= 3; i++) {
            b.append("<li><a href=\"/sid/item/").append(i).append(";jsessionid=").append(sessionId())
                    .append("\">item ").append(i).append("</a></li>");
        }
        b.append("<li><a href=\"/sid/list?sid=").append(sessionId()).append("\">list again</a></li></ul>");
        return TestResponse.html(page("session", b.toString()));
    }

    private String sessionId() {
        return String.format("S%015X", sessions.incrementAndGet() * 0x9E3779B97F4A7C15L >>> 4);
    }

    /** One byte a second, chunked: a crawler without a total read deadline would wait an hour. */
    private static TestResponse drip() {
        byte[] head = "<html><body><p>".getBytes(StandardCharsets.US_ASCII);
        return TestResponse.streamed(200, "text/html; charset=UTF-8", -1, out -> {
            out.write(head);
            out.flush();
            for (int i = 0; i < DRIP_SECONDS; i++) {
                Thread.sleep(1000);
                out.write('x');
                out.flush();
            }
        });
    }

    /** 50 MiB of well-formed HTML paragraphs with an exact Content-Length, written in 64 KiB chunks. */
    private static TestResponse huge() {
        byte[] head = "<!DOCTYPE html><html><head><title>huge</title></head><body>\n"
                .getBytes(StandardCharsets.US_ASCII);
        byte[] tail = "</body></html>\n".getBytes(StandardCharsets.US_ASCII);
        byte[] row = "<p class=\"row\">filler text of a very large page, 0123456789</p>\n"
                .getBytes(StandardCharsets.US_ASCII);
        return TestResponse.streamed(200, "text/html; charset=UTF-8", HUGE_PAGE_BYTES, out -> {
            out.write(head);
            long left = HUGE_PAGE_BYTES - head.length - tail.length;
            byte[] chunk = repeat(row, 64 * 1024 / row.length);
            while (left >= chunk.length) {
                out.write(chunk);
                left -= chunk.length;
            }
            while (left >= row.length) {
                out.write(row);
                left -= row.length;
            }
            byte[] pad = new byte[(int) left];
            Arrays.fill(pad, (byte) ' ');
            out.write(pad);
            out.write(tail);
        });
    }

    /**
     * A gzip body inflating to {@code inflatedBytes} of HTML ({@code <html><body><p>} then {@code a}s), built
     * from one precomputed deflate segment: 1 MiB of {@code a}s compressed with a full flush (about 1 KiB), which
     * can be repeated byte for byte because a full flush resets the compressor. So serving it costs no
     * compression at all, only the CRC-32 of the trailer, computed as the segments go out (a client that stops
     * reading early never makes the site pay for the rest).
     *
     * @param inflatedBytes decompressed size, bytes; rounded down to the prefix plus whole MiB
     */
    public static TestResponse gzipBomb(long inflatedBytes) {
        byte[] prefix = "<html><body><p>".getBytes(StandardCharsets.US_ASCII);
        byte[] block = new byte[MIB];
        Arrays.fill(block, (byte) 'a');
        byte[] prefixSegment = fullFlush(prefix);
        byte[] blockSegment = fullFlush(block);
        long blocks = Math.max(0, (inflatedBytes - prefix.length) / MIB);
        return TestResponse.streamed(200, "text/html; charset=UTF-8", -1, out -> {
            // RFC 1952 header: magic, CM=8 (deflate), no flags, no mtime, XFL 0, OS unknown
            out.write(new byte[]{0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff});
            CRC32 crc = new CRC32();
            out.write(prefixSegment);
            crc.update(prefix);
            for (long i = 0; i < blocks; i++) {
                out.write(blockSegment);
                crc.update(block);
            }
            out.write(new byte[]{3, 0}); // a final, empty fixed-Huffman block
            long size = prefix.length + blocks * MIB;
            writeIntLe(out, crc.getValue());
            writeIntLe(out, size); // ISIZE: the size modulo 2^32
        }).header("Content-Encoding", "gzip");
    }

    /** A million distinct links, generated while written (about 25 MB, chunked). */
    private static TestResponse millionLinks() {
        return TestResponse.streamed(200, "text/html; charset=UTF-8", -1, out -> {
            out.write("<html><body><h1>a million links</h1>\n".getBytes(StandardCharsets.US_ASCII));
            StringBuilder b = new StringBuilder(70 * 1000);
            for (int i = 0; i < LINK_COUNT; i++) {
                b.append("<a href=\"/l/").append(i).append("\">").append(i).append("</a>\n");
                if (b.length() > 64 * 1024 || i == LINK_COUNT - 1) {
                    out.write(b.toString().getBytes(StandardCharsets.US_ASCII));
                    b.setLength(0);
                }
            }
            out.write("</body></html>\n".getBytes(StandardCharsets.US_ASCII));
        });
    }

    /** {@value #DEEP_DOM_LEVELS} nested divs with a word at the bottom, with a Content-Length. */
    private static TestResponse deepDom() {
        byte[] head = "<html><body>".getBytes(StandardCharsets.US_ASCII);
        byte[] middle = "bottom".getBytes(StandardCharsets.US_ASCII);
        byte[] tail = "</body></html>".getBytes(StandardCharsets.US_ASCII);
        byte[] open = repeat("<div>".getBytes(StandardCharsets.US_ASCII), 1000);
        byte[] close = repeat("</div>".getBytes(StandardCharsets.US_ASCII), 1000);
        long length = head.length + (long) open.length * (DEEP_DOM_LEVELS / 1000) + middle.length
                + (long) close.length * (DEEP_DOM_LEVELS / 1000) + tail.length;
        return TestResponse.streamed(200, "text/html; charset=UTF-8", length, out -> {
            out.write(head);
            for (int i = 0; i < DEEP_DOM_LEVELS / 1000; i++) {
                out.write(open);
            }
            out.write(middle);
            for (int i = 0; i < DEEP_DOM_LEVELS / 1000; i++) {
                out.write(close);
            }
            out.write(tail);
        });
    }

    /** 1 MiB of seeded random bytes (NULs and all) labelled as HTML. */
    private static TestResponse binary() {
        return TestResponse.streamed(200, "text/html", BINARY_BYTES, out -> {
            Random random = new Random(9);
            byte[] chunk = new byte[64 * 1024];
            for (int written = 0; written < BINARY_BYTES; written += chunk.length) {
                random.nextBytes(chunk);
                out.write(chunk);
            }
        });
    }

    private static byte[] fullFlush(byte[] input) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true); // raw deflate: the gzip framing is ours
        try {
            d.setInput(input);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[64 * 1024];
            int n;
            do {
                n = d.deflate(buf, 0, buf.length, Deflater.FULL_FLUSH);
                out.write(buf, 0, n);
            } while (n == buf.length || !d.needsInput());
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    private static void writeIntLe(OutputStream out, long v) throws IOException {
        out.write(new byte[]{(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)});
    }

    private static byte[] repeat(byte[] unit, int times) {
        byte[] out = new byte[unit.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(unit, 0, out, i * unit.length, unit.length);
        }
        return out;
    }

    private static String page(String title, String body) {
        return "<!DOCTYPE html><html><head><title>" + escape(title) + "</title></head><body>" + body
                + "</body></html>";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
