package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.Purpose;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One submission the prober wants made (Vidal 2006 §6.3: GET puts the pairs in the URL's query, POST in the body).
 *
 * @param action     the form's absolute action URL
 * @param method     GET or POST
 * @param parameters the name/value pairs in form order: bound fields with their value, the others at their default
 * @param instance   the template instance submitted, or null for the broad submission that measures M
 */
public record ProbeRequest(String action, HttpMethod method, List<FormField> parameters, TemplateInstance instance) {
    /** @throws IllegalArgumentException if action or method is missing */
    public ProbeRequest {
        if (action == null || action.isBlank() || method == null) {
            throw new IllegalArgumentException("action and method are required");
        }
        parameters = List.copyOf(parameters);
    }

    /** True for the broad (all defaults) submission. */
    public boolean broad() {
        return instance == null;
    }

    /** The parameters as {@code application/x-www-form-urlencoded} text ({@code a=1&b=x+y}). */
    public String encoded() {
        StringBuilder sb = new StringBuilder();
        for (FormField f : parameters) {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(URLEncoder.encode(f.name(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(f.value(), StandardCharsets.UTF_8));
        }
        return sb.toString();
    }

    /**
     * The URL to fetch: for GET the action with its query replaced by {@link #encoded()} (as a browser does, HTML
     * §4.10.21.3 "mutate action URL"; its fragment dropped); for POST the action itself.
     */
    public String url() {
        if (method == HttpMethod.POST) {
            return action;
        }
        String base = action;
        int hash = base.indexOf('#');
        if (hash >= 0) {
            base = base.substring(0, hash);
        }
        int query = base.indexOf('?');
        if (query >= 0) {
            base = base.substring(0, query);
        }
        return base + '?' + encoded();
    }

    /**
     * The fetch request for this submission, purpose {@link Purpose#PROBE}.
     *
     * @param jobId     the job
     * @param depth     link distance of the result page, >= 0
     * @param parentUrl the page holding the form
     * @throws IllegalArgumentException as {@link FetchRequest} does on bad values
     */
    public FetchRequest toFetchRequest(String jobId, int depth, String parentUrl) {
        return toFetchRequest(jobId, depth, parentUrl, Purpose.PROBE);
    }

    /**
     * The fetch request for this submission.
     *
     * @param jobId     the job
     * @param depth     link distance of the result page, >= 0
     * @param parentUrl the page holding the form
     * @param purpose   PROBE while probing; MAP or CRAWL when a form step is followed
     * @throws IllegalArgumentException as {@link FetchRequest} does on bad values
     */
    public FetchRequest toFetchRequest(String jobId, int depth, String parentUrl, Purpose purpose) {
        return new FetchRequest(jobId, url(), method, method == HttpMethod.POST ? parameters : List.of(),
                purpose, depth, parentUrl, 0, null);
    }
}
