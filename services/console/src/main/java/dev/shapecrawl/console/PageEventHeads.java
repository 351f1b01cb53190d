package dev.shapecrawl.console;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.shapecrawl.events.Purpose;

import java.io.IOException;

/**
 * The few fields the console's views take from the two large page events, read from their UTF-8 bytes with
 * Jackson's streaming parser, so that a page's body ({@code target-page.body}) and its outlinks and collections
 * ({@code page-classified}) are skipped, never made into strings or trees.
 *
 * <p>Why: decoding each event whole (a JSON tree, then the record, with the body as a string twice over) made a
 * console started on a long-lived runtime spend minutes of CPU and garbage collection on bodies it drops: on
 * {@code bin/eval-decision-e2e}'s data directory (target-pages 630 MB, pages-classified 310 MB) it had not read the
 * topics after 150 s, and {@code ./shapecrawl up} gave up on it after 120 s. The services validate every event and
 * dead-letter malformed ones; a view takes what it can read, and an event of another type or without the fields is
 * skipped (null). Stateless and thread-safe.
 */
final class PageEventHeads {
    private static final JsonFactory JSON = new JsonFactory();

    private PageEventHeads() {
    }

    /**
     * What the targets view takes from a {@code target-page} event.
     *
     * @param jobId      the job
     * @param url        the target page's URL
     * @param purpose    MAP or CRAWL
     * @param similarity its similarity to the nearest sample, 0..1
     */
    record Target(String jobId, String url, Purpose purpose, double similarity) {
    }

    /**
     * What the mapped-pages view takes from a {@code page-classified} event.
     *
     * @param jobId      the job
     * @param finalUrl   the page's URL after redirects
     * @param purpose    its request's purpose
     * @param similarity its similarity to the nearest sample, 0..1, or null when it was not classified
     * @param target     the classifier's verdict
     */
    record Classified(String jobId, String finalUrl, Purpose purpose, Double similarity, boolean target) {
    }

    /** The head of a {@code target-page} event, or null when the bytes are not one with these fields. */
    static Target target(byte[] json) {
        Fields f = read(json, "target-page");
        if (f == null || f.jobId == null || f.url == null || f.purpose == null || f.similarity == null) {
            return null;
        }
        return new Target(f.jobId, f.url, f.purpose, f.similarity);
    }

    /** The head of a {@code page-classified} event, or null when the bytes are not one with these fields. */
    static Classified classified(byte[] json) {
        Fields f = read(json, "page-classified");
        if (f == null || f.jobId == null || f.finalUrl == null || f.purpose == null) {
            return null;
        }
        return new Classified(f.jobId, f.finalUrl, f.purpose, f.similarity, f.target);
    }

    /** The top-level fields of both events that the views use, and the purpose inside {@code request}. */
    private static final class Fields {
        String type;
        String jobId;
        String url;
        String finalUrl;
        Purpose purpose;
        Double similarity;
        boolean target;
    }

    private static Fields read(byte[] json, String type) {
        if (json == null || json.length == 0) {
            return null;
        }
        Fields f = new Fields();
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "type" -> f.type = text(p, value);
                    case "jobId" -> f.jobId = text(p, value);
                    case "url" -> f.url = text(p, value);
                    case "finalUrl" -> f.finalUrl = text(p, value);
                    case "purpose" -> f.purpose = purpose(text(p, value));
                    case "similarity" -> f.similarity = value.isNumeric() ? p.getDoubleValue() : null;
                    case "target" -> f.target = value == JsonToken.VALUE_TRUE;
                    case "request" -> {
                        if (value == JsonToken.START_OBJECT) {
                            f.purpose = requestPurpose(p);
                        } else {
                            p.skipChildren();
                        }
                    }
                    default -> p.skipChildren(); // the body, outlinks, collections: skipped, not materialised
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // not JSON, or cut short: the services dead-letter such events
        }
        return type.equals(f.type) ? f : null;
    }

    /** The {@code purpose} field of the object the parser is in, the rest of it skipped. */
    private static Purpose requestPurpose(JsonParser p) throws IOException {
        Purpose out = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken value = p.nextToken();
            if (name.equals("purpose")) {
                out = purpose(text(p, value));
            } else {
                p.skipChildren();
            }
        }
        return out;
    }

    private static String text(JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        p.skipChildren();
        return null;
    }

    private static Purpose purpose(String name) {
        if (name == null) {
            return null;
        }
        try {
            return Purpose.valueOf(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
