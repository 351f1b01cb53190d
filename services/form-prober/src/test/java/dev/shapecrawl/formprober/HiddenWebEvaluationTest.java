package dev.shapecrawl.formprober;

import dev.shapecrawl.core.forms.FormProber;
import dev.shapecrawl.core.forms.FormRejection;
import dev.shapecrawl.core.forms.JavaScriptDetector;
import dev.shapecrawl.core.forms.ProbeMode;
import dev.shapecrawl.core.forms.ProbeReport;
import dev.shapecrawl.core.forms.ProbeRequest;
import dev.shapecrawl.core.forms.ProbeSettings;
import dev.shapecrawl.core.forms.StaticSelection;
import dev.shapecrawl.core.forms.TemplateGate;
import dev.shapecrawl.core.forms.TextValueSource;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import dev.shapecrawl.core.page.FormExtractor;
import dev.shapecrawl.core.page.PageAnalysisSettings;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Timings;
import dev.shapecrawl.testkit.hidden.HiddenWebSite;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 7's evaluation: the core {@link FormProber} against the hidden-web test site ({@link HiddenWebSite}, 5,000
 * books in H2) over real loopback HTTP, for its three probe-able forms (GET search, POST advanced search, the
 * catalogue with a mandatory field), in the thesis's modes (Moraes 2013 §5.4: TP, ITP, ITTP), with the Cartesian
 * product as the baseline and ITP with the stagnation stop rule. Result pages are read as the service reads them
 * ({@link ResultPages}: the records of the largest SWLE list). Prints the table in the shape of the thesis's
 * Tables 5.5/5.6 (TS, TI, C, EE = C/TS, EI = C/TI) and writes it to {@code target/forms-evaluation.md}.
 *
 * <p>Two settings of the presentation fields: the thesis's (every presentation field at its default: 10 results per
 * page) and "results per page" pinned at its largest option, 100 ({@code per=100} in the presentation fields, beyond
 * the seed). Modes: Cartesian (every instance of every template of order ≤ 3: TP with τ = 0 and no cap; only with
 * {@code -Devaluation.cartesian=true}, {@link #CARTESIAN}), TP, ITP,
 * ITTP, ITP with the stagnation rule (W = 100, min 1: {@link ProbeSettings#defaults()}), and that plus the
 * per-template rule Wt ({@link ProbeSettings#templateStagnationWindow}, {@code -Devaluation.wt}, default 25).
 *
 * <p>Asserts the first line, ITP's coverage ≥ TP's on every form (both settings). The second line — with the
 * stagnation rule ITP keeps ≥ 95% of its full coverage with ≤ 50% of its submissions — is not met on this site; the
 * table says so per form, and the test asserts the reason on the catalogue form (even the best order of ITP's own
 * submissions needs more than half of them for 95%), so that a change in that finding is noticed. Also asserted:
 * the login and JavaScript-only forms are rejected and their actions never requested. {@code docs/evaluation.md},
 * "Form probing: ITP (issue 7)", has the numbers and the analysis. About 30 s (the three forms in parallel), 60–70 s
 * with the Cartesian baseline.
 */
class HiddenWebEvaluationTest {
    /** Presentation fields at their defaults (the thesis) and with "results per page" pinned at its largest option. */
    static final Map<String, Set<String>> PRESENTATION = new LinkedHashMap<>();

    static {
        PRESENTATION.put("per=10", Set.of("per", "sort"));
        PRESENTATION.put("per=100", Set.of("per=100", "sort"));
    }

    /**
     * Whether the Cartesian baseline runs too ({@code -Devaluation.cartesian=true}): it is the table's yardstick, not
     * part of what the test asserts, and it is about half of the test's probing time (the search form's 5,966
     * submissions), so the build leaves it out and docs/evaluation.md's command puts it in.
     */
    static final boolean CARTESIAN = Boolean.getBoolean("evaluation.cartesian");
    /** Wt of the per-template stagnation rule measured here. */
    static final int TEMPLATE_WINDOW = Integer.getInteger("evaluation.wt", 25);
    static final List<String> FORMS = List.of(HiddenWebSite.SEARCH, HiddenWebSite.ADVANCED, HiddenWebSite.CATALOGUE);
    static final Pattern ITEM = Pattern.compile("href=\"/item/(\\d+)\"");

    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** A form as the page analysis extracts it from its page. */
    record LoadedForm(String name, String pageUrl, FormInfo info, boolean javaScript, String pageText) {
    }

    /** One probe's outcome. */
    record Run(String form, String variant, String mode, ProbeReport report, int detailPages, int reachable,
               long millis) {
    }

    /** The baseline: every instance of every template of order ≤ 3, no pruning, no cap (TP with τ = 0). */
    static ProbeSettings cartesian(Set<String> presentation) {
        return new ProbeSettings(ProbeMode.TP, 3, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE,
                StaticSelection.FIRST, 0, 0.0, TemplateGate.ALL_SUBTEMPLATES_INFORMATIVE, TextValueSource.TF_IDF,
                50, 15, 0, 1, 0, false, 1_000_000, presentation);
    }

    static Map<String, ProbeSettings> modes(Set<String> presentation) {
        ProbeSettings faithful = ProbeSettings.faithful().withPresentationFields(presentation);
        Map<String, ProbeSettings> m = new LinkedHashMap<>();
        if (CARTESIAN) {
            m.put("Cartesian", cartesian(presentation));
        }
        m.put("TP", faithful.withMode(ProbeMode.TP));
        m.put("ITP", faithful.withMode(ProbeMode.ITP));
        m.put("ITTP", faithful.withMode(ProbeMode.ITTP));
        ProbeSettings stop = faithful.withMode(ProbeMode.ITP).withStagnation(ProbeSettings.DEFAULT_STAGNATION_WINDOW,
                ProbeSettings.DEFAULT_STAGNATION_MIN_NEW_RECORDS);
        m.put("ITP+stop", stop);
        m.put("ITP+stop+Wt", stop.withTemplateStagnationWindow(TEMPLATE_WINDOW));
        return m;
    }

    @Test
    void itpOnTheHiddenWebSite() throws Exception {
        List<Run> runs = new ArrayList<>();
        List<Executable> checks = new ArrayList<>();
        try (HiddenWebSite site = HiddenWebSite.start()) {
            for (String rejected : List.of(HiddenWebSite.LOGIN, HiddenWebSite.QUICK)) {
                LoadedForm f = load(site, rejected);
                FormProber p = FormProber.start(f.info, f.javaScript, ProbeSettings.defaults(), f.pageText,
                        List.of());
                assertTrue(p.done(), rejected);
                FormRejection.Reason reason = p.rejection().orElseThrow().reason();
                assertEquals(rejected.equals(HiddenWebSite.LOGIN) ? FormRejection.Reason.PASSWORD
                        : FormRejection.Reason.JAVASCRIPT, reason, rejected);
            }
            // one thread per form: the probes are independent and the site answers concurrently
            ExecutorService pool = Executors.newFixedThreadPool(FORMS.size());
            try {
                List<Future<List<Run>>> perForm = new ArrayList<>();
                for (String name : FORMS) {
                    LoadedForm f = load(site, name);
                    int reachable = site.detailUrlsReachableThrough(name).size();
                    perForm.add(pool.submit(() -> {
                        ResultPages reader = new ResultPages(new SwleExtractor(SwleSettings.defaults()));
                        List<Run> out = new ArrayList<>();
                        for (Map.Entry<String, Set<String>> variant : PRESENTATION.entrySet()) {
                            for (Map.Entry<String, ProbeSettings> mode : modes(variant.getValue()).entrySet()) {
                                out.add(probe(reader, f, variant.getKey(), mode.getKey(), mode.getValue(),
                                        reachable));
                            }
                        }
                        return out;
                    }));
                }
                for (Future<List<Run>> fr : perForm) {
                    runs.addAll(fr.get());
                }
            } finally {
                pool.shutdownNow();
            }
            for (String never : List.of(HiddenWebSite.LOGIN, HiddenWebSite.QUICK)) {
                assertEquals(List.of(), site.requests(HiddenWebSite.actionPath(never)),
                        "the " + never + " form was submitted");
            }
        }
        String table = table(runs);
        System.out.println(table);
        Path out = Path.of("target", "forms-evaluation.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, table);
        for (String variant : PRESENTATION.keySet()) {
            for (String form : FORMS) {
                ProbeReport tp = find(runs, form, variant, "TP");
                ProbeReport itp = find(runs, form, variant, "ITP");
                String where = form + " (per" + variant.substring(3) + ")";
                // the first line
                checks.add(() -> assertTrue(itp.coverage() >= tp.coverage(),
                        where + ": ITP coverage " + itp.coverage() + " < TP " + tp.coverage()));
            }
            // The second line (ITP+stop: >= 95% of ITP's coverage with <= 50% of its submissions) is NOT met
            // here and is reported in the table, not asserted. What is asserted is why no stop rule can meet it on
            // the catalogue form: even ITP's own submissions in the best possible order (largest gain first) need
            // more than half of them to reach 95% of its coverage. If this changes, revisit the target.
            ProbeReport itp = find(runs, HiddenWebSite.CATALOGUE, variant, "ITP");
            checks.add(() -> assertTrue(bestOrder95(itp) > 0.5 * itp.submissions(), "catalogue (per"
                    + variant.substring(3) + "): the best order now reaches 95% after " + bestOrder95(itp) + " of "
                    + itp.submissions() + " submissions; the stagnation target may be reachable"));
        }
        assertAll(checks);
    }

    /** The stagnation target: >= 95% of ITP's coverage with <= 50% of its submissions. */
    static boolean targetMet(ProbeReport stopped, ProbeReport itp) {
        return stopped.coverage() >= 0.95 * itp.coverage() && stopped.submissions() <= 0.5 * itp.submissions();
    }

    /** New records per submission, in ITP's order; the first includes the broad submission's records. */
    static List<Integer> gains(ProbeReport r) {
        List<Integer> out = new ArrayList<>();
        int previous = 0;
        for (int c : r.curve()) {
            out.add(c - previous);
            previous = c;
        }
        return out;
    }

    /**
     * The fewest of ITP's submissions that reach 95% of its coverage when taken largest gain first: a bound no stop
     * rule or reordering can beat (approximate, as the gains were measured in ITP's own order).
     */
    static int bestOrder95(ProbeReport itp) {
        List<Integer> g = gains(itp);
        g.sort(java.util.Comparator.reverseOrder());
        int sum = 0;
        int best = 0;
        while (best < g.size() && sum < 0.95 * itp.coverage()) {
            sum += g.get(best++);
        }
        return best;
    }

    static ProbeReport find(List<Run> runs, String form, String variant, String mode) {
        return runs.stream().filter(r -> r.form.equals(form) && r.variant.equals(variant) && r.mode.equals(mode))
                .findFirst().orElseThrow().report;
    }

    LoadedForm load(HiddenWebSite site, String name) throws IOException, InterruptedException {
        String url = site.formPageUrl(name);
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url);
        Document doc = HtmlTrees.parse(r.body(), url);
        List<FormInfo> forms = new FormExtractor(PageAnalysisSettings.defaults()).extract(doc).forms();
        assertEquals(1, forms.size(), url);
        Element form = doc.selectFirst("form");
        return new LoadedForm(name, url, forms.get(0), JavaScriptDetector.isJavaScriptDriven(form),
                doc.body().text());
    }

    Run probe(ResultPages reader, LoadedForm f, String variant, String mode, ProbeSettings settings, int reachable)
            throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        FormProber prober = FormProber.start(f.info, f.javaScript, settings, f.pageText, List.of());
        assertTrue(prober.rejection().isEmpty(), f.name + " rejected: " + prober.rejection());
        Set<String> details = new HashSet<>();
        while (!prober.done()) {
            ProbeRequest req = prober.next().orElseThrow();
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(req.url()));
            if (req.method() == HttpMethod.POST) {
                b.header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(req.encoded()));
            }
            HttpResponse<String> resp = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            FetchRequest fr = req.toFetchRequest("evaluation", 1, f.pageUrl);
            String body = resp.body();
            prober.observe(reader.of(new PageFetched(fr, req.url(), List.of(req.url()), resp.statusCode(),
                    "text/html", "UTF-8", body, false, body.length(), 1, new Timings(0, 0, 0), null)));
            if (resp.statusCode() < 400) {
                Matcher m = ITEM.matcher(body);
                while (m.find()) {
                    details.add(m.group(1));
                }
            }
        }
        if (Boolean.getBoolean("evaluation.diagnose") && mode.equals("ITP")) {
            Map<String, int[]> byTemplate = new LinkedHashMap<>();
            List<Integer> fresh = prober.state().newRecords();
            List<dev.shapecrawl.core.forms.Submission> log = prober.state().log();
            for (int i = 0; i < log.size(); i++) {
                int[] a = byTemplate.computeIfAbsent(log.get(i).instance().template().toString(), k -> new int[3]);
                a[0]++;
                a[1] += fresh.get(i) == 0 ? 1 : 0;
                a[2] += fresh.get(i);
            }
            StringBuilder d = new StringBuilder(f.name + " " + variant + ":");
            byTemplate.forEach((t, a) -> d.append(String.format(" %s n=%d zero=%d gain=%d;", t, a[0], a[1], a[2])));
            System.out.println(d);
        }
        return new Run(f.name, variant, mode, prober.report(), details.size(), reachable,
                (System.nanoTime() - t0) / 1_000_000);
    }

    static String table(List<Run> runs) {
        StringBuilder sb = new StringBuilder();
        sb.append("| Form | per | Mode | TS | TI | C | EE = C/TS | EI = C/TI | detail pages / reachable | M | stop | ms |\n");
        sb.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
        for (Run r : runs) {
            ProbeReport p = r.report;
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %d | %d | %.2f | %.2f | %d / %d | %d | %s | %d |%n",
                    r.form, r.variant.substring(4), r.mode, p.submissions(), p.returnedInstances(), p.coverage(),
                    p.executionEfficiency(), p.indexingEfficiency(), r.detailPages, r.reachable, p.m(), p.stop(),
                    r.millis));
        }
        sb.append("\n| Form | per | ITP+stop C / ITP C | ITP+stop TS / ITP TS | ITP+stop+Wt C / ITP C"
                + " | ITP+stop+Wt TS / ITP TS | issue target met (ITP+stop, ITP+stop+Wt)"
                + " | ITP reaches 95% of its C after (share of TS) | ITP submissions adding no record"
                + " | best order's 95% point (share of TS) |\n");
        sb.append("|---|---|---:|---:|---:|---:|---|---:|---:|---:|\n");
        for (String variant : PRESENTATION.keySet()) {
            for (String form : FORMS) {
                ProbeReport itp = find(runs, form, variant, "ITP");
                ProbeReport stop = find(runs, form, variant, "ITP+stop");
                ProbeReport wt = find(runs, form, variant, "ITP+stop+Wt");
                int reach = 0;
                while (reach < itp.curve().size() && itp.curve().get(reach) < 0.95 * itp.coverage()) {
                    reach++;
                }
                long zero = gains(itp).stream().filter(g -> g == 0).count();
                int best = bestOrder95(itp);
                double n = Math.max(1, itp.submissions());
                sb.append(String.format(Locale.ROOT,
                        "| %s | %s | %.3f | %.3f | %.3f | %.3f | %s, %s | %d (%.3f) | %d | %d (%.3f) |%n", form,
                        variant.substring(4), stop.coverage() / (double) Math.max(1, itp.coverage()),
                        stop.submissions() / n, wt.coverage() / (double) Math.max(1, itp.coverage()),
                        wt.submissions() / n, targetMet(stop, itp) ? "yes" : "no", targetMet(wt, itp) ? "yes" : "no",
                        reach + 1, (reach + 1) / n, zero, best, best / n));
            }
        }
        return sb.toString();
    }
}
