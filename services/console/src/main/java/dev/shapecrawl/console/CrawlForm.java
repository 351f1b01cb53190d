package dev.shapecrawl.console;

import dev.shapecrawl.core.fetch.AddressGuard;
import dev.shapecrawl.core.page.CrawlScope;
import dev.shapecrawl.core.page.UrlNormalizer;
import dev.shapecrawl.events.CrawlSeed;
import dev.shapecrawl.events.JobIds;
import dev.shapecrawl.events.JobSubmission;
import dev.shapecrawl.events.MappingMode;
import dev.shapecrawl.events.ScopeMode;
import dev.shapecrawl.events.Urls;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The console's new-crawl form (issue 22): what the user filled in, checked, and turned into the events
 * {@code shapecrawl crawl} publishes ({@link JobSubmission}). Every URL goes through the checks every seed meets on
 * its way to the site: an absolute http(s) URL ({@link Urls#requireHttp}), inside the job's scope
 * ({@link CrawlScope}, as the fetcher decides it) and allowed by the fetcher's SSRF guard ({@link AddressGuard})
 * with the address classes this console is configured to allow. A form that fails a check publishes nothing.
 *
 * @param entry       the entry point
 * @param samples     sample pages (at least one)
 * @param notSamples  pages not of the kind wanted (issue 18), possibly none
 * @param job         the job id, or null/blank for a new one ({@link JobIds#newId})
 * @param scope       HOST (default), DOMAIN or PREFIX
 * @param mapping     sampled (default) or full
 * @param maxPages    most pages fetched while mapping, or null for the default (10000)
 * @param samplePages most pages a sampled mapping fetches, or null for the default (200)
 * @param maxDepth    most link depth while mapping, or null for the default (10)
 * @param scriptLinks whether the job follows the scripts its pages load and the pages they name
 *                    ({@link CrawlSeed#scriptLinks}); null for the default (no)
 */
public record CrawlForm(String entry, List<String> samples, List<String> notSamples, String job, String scope,
                        String mapping, Integer maxPages, Integer samplePages, Integer maxDepth,
                        Boolean scriptLinks) {
    /** The most URLs a form may name (samples and negative samples together). */
    static final int MAX_URLS = 50;

    /** A form that fails a check: the message names the field and why, and is shown to the user. */
    static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * The job's events, every check passed.
     *
     * @param guard the SSRF guard (the fetcher's rules; the address classes this console allows)
     * @throws Refused naming the first field that fails
     */
    JobSubmission submission(AddressGuard guard) {
        List<String> positive = urls(samples);
        List<String> negative = urls(notSamples);
        if (positive.isEmpty()) {
            throw new Refused("samples: name at least one page of the kind you want");
        }
        if (positive.size() + negative.size() > MAX_URLS) {
            throw new Refused("samples: at most " + MAX_URLS + " pages in all");
        }
        String id = job == null || job.isBlank() ? JobIds.newId() : job.trim();
        CrawlSeed seed;
        try {
            JobIds.require(id);
            Urls.requireHttp("entry", entry == null ? null : entry.trim());
            seed = new CrawlSeed(id, entry.trim(), scopeMode(scope), maxPages, maxDepth, null, null, Map.of(), false)
                    .withMapping(mappingMode(mapping), samplePages)
                    .withScriptLinks(Boolean.TRUE.equals(scriptLinks));
        } catch (IllegalArgumentException e) {
            throw new Refused(e.getMessage());
        }
        CrawlScope within = CrawlScope.of(seed);
        check("entry", seed.entryUrl(), guard, null);
        for (String u : positive) {
            check("sample", u, guard, within);
        }
        for (String u : negative) {
            check("negative sample", u, guard, within);
        }
        return JobSubmission.of(seed, positive, negative);
    }

    private static void check(String field, String url, AddressGuard guard, CrawlScope scope) {
        try {
            Urls.requireHttp(field, url);
        } catch (IllegalArgumentException e) {
            throw new Refused(e.getMessage());
        }
        if (scope != null && !UrlNormalizer.normalize(url).map(scope::contains).orElse(false)) {
            throw new Refused(field + ": " + url + " is outside the job's scope (" + scope.mode() + " of "
                    + scope.entryUrl() + ")");
        }
        AddressGuard.Verdict verdict = guard.check(url);
        if (!verdict.allowed()) {
            throw new Refused(field + ": " + url + " may not be fetched: " + verdict.reason());
        }
    }

    /** The non-blank lines of a list, trimmed. */
    private static List<String> urls(List<String> given) {
        List<String> out = new ArrayList<>();
        for (String u : given == null ? List.<String>of() : given) {
            if (u != null && !u.isBlank()) {
                out.add(u.trim());
            }
        }
        return out;
    }

    private static ScopeMode scopeMode(String name) {
        if (name == null || name.isBlank()) {
            return ScopeMode.HOST;
        }
        try {
            return ScopeMode.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new Refused("scope: HOST, DOMAIN or PREFIX, not '" + name + "'");
        }
    }

    private static MappingMode mappingMode(String name) {
        if (name == null || name.isBlank()) {
            return null;
        }
        try {
            return MappingMode.named(name.trim());
        } catch (IllegalArgumentException e) {
            throw new Refused("mapping: " + e.getMessage());
        }
    }
}
