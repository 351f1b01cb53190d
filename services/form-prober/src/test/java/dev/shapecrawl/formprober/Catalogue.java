package dev.shapecrawl.formprober;

import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.PageFetched;
import dev.shapecrawl.events.Timings;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A simulated record store behind a search form, for tests: answers a probe's {@link FetchRequest} with the
 * {@link PageFetched} a server would send, a list page of at most {@value #PAGE_SIZE} records. Hosts are reserved
 * {@code .test} names; nothing is fetched.
 */
final class Catalogue {
    static final String SITE = "http://forms.example.test/";
    static final int PAGE_SIZE = 10;
    static final List<String> GENRES = List.of("jazz", "blues", "rock");
    static final List<String> DECADES = List.of("1960", "1970");

    /** 63 records: 30 jazz, 30 blues, 3 rock (under-full), decades alternating. */
    static final List<Map<String, String>> RECORDS = new ArrayList<>();

    static {
        int[] counts = {30, 30, 3};
        int n = 0;
        for (int g = 0; g < GENRES.size(); g++) {
            for (int i = 0; i < counts[g]; i++, n++) {
                RECORDS.add(Map.of("title", "Album " + n + " by Artist " + (n * 7 % 41), "genre", GENRES.get(g),
                        "decade", DECADES.get(n % 2)));
            }
        }
    }

    private Catalogue() {
    }

    /** The search form: two selects with an "any" option and a submit button. */
    static FormInfo searchForm() {
        return new FormInfo(SITE + "search", HttpMethod.GET, null, List.of(
                select("genre", GENRES), select("decade", DECADES),
                new FormInfo.Field("hidden", "lang", List.of(), "en", "", false),
                new FormInfo.Field("submit", "go", List.of(), "Search", "", false)));
    }

    /** A login form: never submitted (FormRules: password). */
    static FormInfo loginForm() {
        return new FormInfo(SITE + "login", HttpMethod.POST, null, List.of(
                new FormInfo.Field("text", "username", List.of(), null, "User name", true),
                new FormInfo.Field("password", "password", List.of(), null, "Password", true),
                select("realm", List.of("staff", "guests")),
                new FormInfo.Field("submit", "signin", List.of(), "Sign in", "", false)));
    }

    /** A JavaScript-only form: plain buttons and no submit button (FormRules: javascript). */
    static FormInfo javaScriptForm() {
        return new FormInfo(SITE + "js-search", HttpMethod.GET, null, List.of(
                select("colour", List.of("red", "green", "blue")),
                new FormInfo.Field("button", "run", List.of(), "Find", "", false)));
    }

    static FormInfo.Field select(String name, List<String> values) {
        List<FormInfo.Option> options = new ArrayList<>();
        options.add(new FormInfo.Option("", "Any " + name));
        values.forEach(v -> options.add(new FormInfo.Option(v, v.toUpperCase())));
        return new FormInfo.Field("select", name, options, "", name, false);
    }

    /** The result page of a GET search request (its query) or POST (its body): the first page of matches. */
    static PageFetched answer(FetchRequest request) {
        Map<String, String> params = new HashMap<>();
        for (FormField f : request.form()) {
            params.put(f.name(), f.value());
        }
        int q = request.url().indexOf('?');
        if (q >= 0) {
            for (String pair : request.url().substring(q + 1).split("&")) {
                String[] kv = pair.split("=", 2);
                params.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                        kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
            }
        }
        StringBuilder body = new StringBuilder("<html><head><title>Results</title></head><body><h1>Search</h1>"
                + "<p>Find albums by genre and decade.</p><ul class=results>");
        int shown = 0;
        for (Map<String, String> r : RECORDS) {
            if (matches(r, params, "genre") && matches(r, params, "decade") && shown < PAGE_SIZE) {
                body.append("<li>").append(r.get("title")).append(" - ").append(r.get("genre")).append(" - ")
                        .append(r.get("decade")).append("</li>");
                shown++;
            }
        }
        body.append("</ul><p>Contact us</p></body></html>");
        String html = body.toString();
        return new PageFetched(request, request.url(), List.of(request.url()), 200, "text/html", "UTF-8", html,
                false, html.length(), 1, new Timings(1, 1, 0), null);
    }

    private static boolean matches(Map<String, String> record, Map<String, String> params, String field) {
        String v = params.getOrDefault(field, "");
        return v.isEmpty() || v.equals(record.get(field));
    }
}
