package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FetchRequest;
import dev.shapecrawl.events.FormField;
import dev.shapecrawl.events.FormTemplate;
import dev.shapecrawl.events.HttpMethod;
import dev.shapecrawl.events.Purpose;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Following a form step (Vidal 2006 §4.4, specification §6.6): the submissions of a form's informative instances
 * ({@link FormTemplate}, learnt by the form-prober) as fetch requests, and the key that names each submission's
 * result page where a URL names a linked page.
 *
 * <p><b>Keys.</b> A GET submission's key is its URL. A POST submission has one URL for every instance, the action,
 * so its key is the action with the urlencoded body as its query and the fragment {@value #POST_MARK}: unique per
 * body, a valid URL for the target pages map and the URL regexes, and never equal to a crawled link, whose fragment
 * URL normalisation drops.
 */
public final class FormSubmissions {
    /** The fragment that marks a POST submission's key. */
    public static final String POST_MARK = "#post";

    private FormSubmissions() {
    }

    /**
     * The submissions of a form step's informative instances, in the template's order.
     *
     * @param template  the form step; an uninformative or rejected form gives none
     * @param jobId     the job
     * @param purpose   MAP while mapping, CRAWL while crawling
     * @param depth     link distance of the result pages (the form page's plus one), >= 0
     * @param parentUrl the page the form is on
     * @param max       the most submissions to return, >= 0
     * @return the requests, at most {@code max}
     * @throws IllegalArgumentException as {@link FetchRequest} does on bad values
     */
    public static List<FetchRequest> requests(FormTemplate template, String jobId, Purpose purpose, int depth,
                                              String parentUrl, int max) {
        return requests(template, Map.of(), jobId, purpose, depth, parentUrl, max);
    }

    /**
     * The submissions of a form step: the values the job's seed gives for the form's fields if it gives any
     * (Vidal 2006 §4.4: the user fills the generic URL's parameters), else the informative instances.
     *
     * @param template   the form step; an uninformative or rejected form gives none
     * @param userValues field name → values, from the job's seed ({@code CrawlSeed#formValues}); names that are
     *                   not fields of the form are ignored
     * @param jobId      the job
     * @param purpose    MAP while mapping, CRAWL while crawling
     * @param depth      link distance of the result pages (the form page's plus one), >= 0
     * @param parentUrl  the page the form is on
     * @param max        the most submissions to return, >= 0
     * @return the requests, at most {@code max}
     * @throws IllegalArgumentException as {@link FetchRequest} does on bad values
     */
    public static List<FetchRequest> requests(FormTemplate template, Map<String, List<String>> userValues,
                                              String jobId, Purpose purpose, int depth, String parentUrl, int max) {
        List<FetchRequest> out = new ArrayList<>();
        if (!template.informative()) {
            return out;
        }
        for (Map<String, String> instance : instances(template, userValues, max)) {
            if (out.size() >= max) {
                break;
            }
            ProbeRequest submission = new ProbeRequest(template.action(), template.method(),
                    parameters(template, instance), null);
            out.add(submission.toFetchRequest(jobId, depth, parentUrl, purpose));
        }
        return out;
    }

    /**
     * The instances to submit: the Cartesian product of the user's values for the form's fields, in the order the
     * fields are named in the template (fixed fields, then template fields), when the user gives any; else the
     * template's informative instances.
     *
     * @param template   the form step
     * @param userValues field name → values; empty value lists are ignored
     * @param max        the most instances to return, >= 0 (the product can be large)
     * @return field name → value, one map per submission
     */
    public static List<Map<String, String>> instances(FormTemplate template, Map<String, List<String>> userValues,
                                                      int max) {
        List<String> fields = new ArrayList<>();
        template.fixedFields().forEach(f -> fields.add(f.name()));
        fields.addAll(template.templateFields());
        List<String> given = fields.stream().distinct()
                .filter(f -> userValues.containsKey(f) && !userValues.get(f).isEmpty()).toList();
        if (given.isEmpty()) {
            return template.informativeInstances().stream().limit(max).toList();
        }
        List<Map<String, String>> product = new ArrayList<>();
        product.add(new LinkedHashMap<>());
        for (String field : given) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : product) {
                for (String value : userValues.get(field)) {
                    if (next.size() >= max) {
                        break;
                    }
                    Map<String, String> more = new LinkedHashMap<>(partial);
                    more.put(field, value);
                    next.add(more);
                }
            }
            product = next;
        }
        return product;
    }

    /**
     * The parameters of one instance's submission, as the prober submitted it: the template's fixed fields (every
     * field submitted at its default, in form order) with the instance's values in place of their defaults, then
     * the instance's fields that have no default, in the instance's order.
     *
     * @param template the form step
     * @param instance field name → value
     * @return the name/value pairs to submit
     */
    public static List<FormField> parameters(FormTemplate template, Map<String, String> instance) {
        Map<String, String> rest = new LinkedHashMap<>(instance);
        List<FormField> params = new ArrayList<>();
        for (FormField f : template.fixedFields()) {
            String value = rest.remove(f.name());
            params.add(value == null ? f : new FormField(f.name(), value));
        }
        rest.forEach((name, value) -> params.add(new FormField(name, value)));
        return params;
    }

    /**
     * The key of a request's result page: its URL for a GET; for a POST the action with the body as query and
     * {@value #POST_MARK} (see the class comment).
     *
     * @param request a fetch request
     * @return the key, an absolute http(s) URL
     */
    public static String key(FetchRequest request) {
        if (request.method() != HttpMethod.POST) {
            return request.url();
        }
        String url = request.url();
        int hash = url.indexOf('#');
        String base = hash >= 0 ? url.substring(0, hash) : url;
        String body = new ProbeRequest(base, HttpMethod.POST, request.form(), null).encoded();
        return base + (base.indexOf('?') >= 0 ? '&' : '?') + body + POST_MARK;
    }

    /**
     * The regular expression of a FORM step: every submission key of the action that {@code key} was submitted
     * to (query and fragment free), since the form id, not the URL, picks a form step's submissions.
     *
     * @param key a submission's key
     * @return an anchored Java regular expression
     */
    public static String actionRegex(String key) {
        int end = key.length();
        for (char c : new char[] {'?', '#'}) {
            int i = key.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return Pattern.quote(key.substring(0, end)) + "(?:[?#].*)?";
    }
}
