package dev.shapecrawl.core.page;

import dev.shapecrawl.core.forms.JavaScriptDetector;
import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.FormElement;
import org.jsoup.nodes.Node;
import org.jsoup.select.Elements;
import org.jsoup.select.NodeVisitor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The forms of a page, as {@link FormInfo}: what a browser without JavaScript would let a person fill in and
 * submit. The model is Vidal 2006 §6.2 (every field with the values it can take) with the additions that
 * spec recommends — action resolved against the page URL, GET by default, hidden inputs with their values,
 * submit buttons with name and value — and it keeps what form probing (Moraes 2013 §1.4) needs: field kinds
 * (selection fields: select, select-multiple, radio, checkbox; text fields: text, textarea, …), option values,
 * labels, defaults and the required flag.
 *
 * <p><b>Form</b> (HTML standard, §4.10.18.6 form submission attributes and §4.10.21 form submission):
 * <ul>
 *   <li>{@code action}: missing or empty means the page's own URL ({@link Document#location()}); otherwise it
 *       is resolved against the base URL (a {@code <base href>} counts) and normalised by
 *       {@link UrlNormalizer}. A form whose action is not http(s) ({@code javascript:}, {@code mailto:}) cannot
 *       be submitted by a crawler and is skipped.</li>
 *   <li>{@code method}: {@code post} (any case) is POST; missing, {@code get} and invalid values are GET (the
 *       attribute's missing and invalid value default). {@code dialog} forms only close a dialog, send no
 *       request, and are skipped.</li>
 *   <li>{@code enctype}: one of {@code application/x-www-form-urlencoded}, {@code multipart/form-data},
 *       {@code text/plain}, lower case; missing or invalid means {@code application/x-www-form-urlencoded}.
 *       Reported as given even for GET, where browsers ignore it.</li>
 *   <li>Per-button overrides ({@code formaction}, {@code formmethod}, {@code formenctype}) are not modelled.</li>
 * </ul>
 *
 * <p><b>Which controls belong to a form</b>: as in a browser, the form owner. A control with a {@code form="id"}
 * attribute belongs to the form with that id (the first element with the id must be a {@code <form>}; else to
 * no form), wherever it stands; otherwise to its nearest {@code <form>} ancestor; otherwise, outside every form,
 * to the form the HTML parser associated it with. jsoup records that association; it covers controls in a table
 * that a {@code <form>} was opened in (the parser moves the form out of the rows, empty) and controls after a
 * form that was never closed. Because jsoup 1.23 answers it in time proportional to the form's descendant
 * controls times the document's controls, it is asked only while that product stays under 10,000,000 (always
 * for a form opened in a table, which has no descendants); past that,
 * controls outside every form belong to none. Disabled controls are not submitted and are left out: a control
 * with {@code disabled}, or inside a {@code <fieldset disabled>} (the exception for the fieldset's first legend
 * is not modelled).
 *
 * <p><b>Fields</b>, in document order, each as {@link FormInfo.Field}{@code (type, name, options, defaultValue,
 * label, required)}:
 * <ul>
 *   <li>{@code <input>}: type lower-cased; missing or unknown types are {@code text} (the HTML default).
 *       Default value: the {@code value} attribute, or "" (a text field is submitted even empty); {@code file}:
 *       null.</li>
 *   <li>Radio buttons and checkboxes with the same non-empty name are <b>one</b> field, at the position of the
 *       first: type {@code radio} or {@code checkbox}, options the members' values ({@code value}, or
 *       {@code on} when absent, as in HTML) with each member's label. Default: the value of the checked member
 *       (for radios the last checked, as the parser leaves only the last one checked; for checkboxes the first
 *       checked, though all checked ones are submitted), or null when none is checked. Unnamed ones are a field
 *       each. A group is required when any member is.</li>
 *   <li>{@code <select>}: type {@code select}, or {@code select-multiple} with {@code multiple}. Options: the
 *       {@code <option>}s (also inside {@code <optgroup>}) that are not disabled, value = {@code value} attribute
 *       or else the text with ASCII whitespace stripped and collapsed, label = the {@code label} attribute or
 *       else the text. Default: for a single select the last option marked {@code selected}, else (display size
 *       1) the first option that is not disabled — the HTML selectedness algorithm — and null when that option
 *       is disabled or there is none; for a multiple select the first selected option that is not disabled, or
 *       null.</li>
 *   <li>{@code <textarea>}: type {@code textarea}; default its text, minus the one newline that directly
 *       follows the start tag (which the HTML parser drops and jsoup keeps).</li>
 *   <li>Buttons: {@code <input type=submit|image|reset|button>} and {@code <button>} (type {@code submit}
 *       unless {@code reset} or {@code button}) keep their type and name; default: a submit button's
 *       {@code value} or "", null for the others (an image button submits {@code name.x}/{@code name.y}
 *       coordinates instead, reset and plain buttons submit nothing). Label: the caption.</li>
 *   <li>{@code hidden}: default its {@code value}; label always empty.</li>
 *   <li>Unknown elements are not controls: the {@code <SUBMIT name="submit">} of Vidal's Figure 4.1 is not
 *       HTML and a browser ignores it, so it is not a field.</li>
 * </ul>
 * Unnamed controls are kept (with an empty name) because a field's presence says something about the form,
 * although browsers do not submit them. Labels: see {@link Labels}.
 *
 * <p><b>Bounds</b>: the first {@link PageAnalysisSettings#maxForms()} forms in document order (the rest are
 * counted in {@link Result#dropped()}), the first {@link PageAnalysisSettings#maxFieldsPerForm()} fields of
 * each, the first {@link PageAnalysisSettings#maxOptionsPerField()} options of each field; labels cut to
 * {@link PageAnalysisSettings#maxTextChars()}. Defaults are computed over all options, also those past the
 * bound. Values are never cut.
 *
 * <p>Thread-safe; immutable.
 */
public final class FormExtractor {

    /**
     * The forms of one page.
     *
     * @param forms   the forms, in document order, without the skipped ones (non-http action, dialog)
     * @param dropped forms past {@link PageAnalysisSettings#maxForms()}, >= 0
     */
    public record Result(List<FormInfo> forms, int dropped) {
        /** Copies the list; checks {@code dropped >= 0}. */
        public Result {
            forms = List.copyOf(forms);
            if (dropped < 0) {
                throw new IllegalArgumentException("dropped: must be >= 0, was " + dropped);
            }
        }
    }

    /** The input types of the HTML standard; others (and none) mean {@code text}. */
    private static final Set<String> INPUT_TYPES = Set.of("hidden", "text", "search", "tel", "url", "email",
            "password", "date", "month", "week", "time", "datetime-local", "number", "range", "color", "checkbox",
            "radio", "file", "submit", "image", "reset", "button");
    private static final Set<String> ENCTYPES = Set.of("application/x-www-form-urlencoded", "multipart/form-data",
            "text/plain");
    private static final String DEFAULT_ENCTYPE = "application/x-www-form-urlencoded";
    private static final Set<String> SUBMITTABLE = Set.of("input", "select", "textarea", "button");
    /** Most element comparisons spent asking jsoup for one form's parser-associated controls. */
    static final long MAX_ASSOCIATION_COST = 10_000_000;

    private final PageAnalysisSettings settings;

    /** An extractor bounded by {@code settings}. */
    public FormExtractor(PageAnalysisSettings settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings: missing");
        }
        this.settings = settings;
    }

    /**
     * Extracts the forms of {@code doc}.
     *
     * @param doc the page, parsed with its final URL as location; not modified
     * @return the forms and the number dropped by {@link PageAnalysisSettings#maxForms()}
     * @throws IllegalArgumentException if {@code doc} has no absolute http(s) location
     */
    public Result extract(Document doc) {
        String pageUrl = UrlNormalizer.documentUrl(doc);
        Elements all = doc.getElementsByTag("form");
        int kept = Math.min(all.size(), settings.maxForms());
        if (kept == 0) {
            return new Result(List.of(), all.size());
        }
        Labels labels = new Labels(doc, settings.maxTextChars());
        Map<Element, List<Element>> controls = new IdentityHashMap<>();
        for (int i = 0; i < kept; i++) {
            controls.put(all.get(i), new ArrayList<>());
        }
        assignControls(doc, all, controls, labels);
        List<FormInfo> forms = new ArrayList<>(kept);
        for (int i = 0; i < kept; i++) {
            FormInfo form = form(all.get(i), controls.get(all.get(i)), pageUrl, labels);
            if (form != null) {
                forms.add(form);
            }
        }
        return new Result(forms, all.size() - kept);
    }

    /**
     * Puts every enabled control, in document order, into the list of its form owner, if that form is kept.
     *
     * <p>The parser's association ({@link FormElement#elements()}) is only asked for controls outside every form
     * and without a {@code form} attribute (a form opened inside a table, a form never closed), because in jsoup
     * 1.23 that method merges the form's descendants with its associated controls by list look-ups, costing
     * descendants × associated controls: 200,000 radio buttons in one form took about 20 seconds. It is asked
     * only when descendants × all controls stays under {@value #MAX_ASSOCIATION_COST}; otherwise such outside
     * controls belong to no form. A form opened in a table has no descendant controls, so it is always cheap.
     */
    private static void assignControls(Document doc, Elements forms, Map<Element, List<Element>> controls,
                                       Labels labels) {
        List<Element> inOrder = new ArrayList<>();
        Map<Element, Element> owners = new IdentityHashMap<>();
        Map<Element, Integer> descendantControls = new IdentityHashMap<>();
        Map<Element, Boolean> orphans = new IdentityHashMap<>();
        int[] totalControls = {0};
        Deque<Element> ancestors = new ArrayDeque<>();
        int[] disabledFieldsets = {0};
        doc.traverse(new NodeVisitor() {
            @Override
            public void head(Node node, int depth) {
                if (!(node instanceof Element e)) {
                    return;
                }
                String tag = e.normalName();
                if (tag.equals("form")) {
                    ancestors.push(e);
                } else if (tag.equals("fieldset") && e.hasAttr("disabled")) {
                    disabledFieldsets[0]++;
                } else if (SUBMITTABLE.contains(tag)) {
                    totalControls[0]++;
                    Element ancestor = ancestors.peek();
                    if (ancestor != null) {
                        descendantControls.merge(ancestor, 1, Integer::sum);
                    }
                    if (e.hasAttr("disabled") || disabledFieldsets[0] > 0) {
                        return;
                    }
                    inOrder.add(e);
                    if (e.hasAttr("form")) {
                        Element target = labels.elementsById().get(e.attr("form"));
                        if (target != null && target.normalName().equals("form")) {
                            owners.put(e, target);
                        }
                    } else if (ancestor != null) {
                        owners.put(e, ancestor);
                    } else {
                        orphans.put(e, Boolean.TRUE);
                    }
                }
            }

            @Override
            public void tail(Node node, int depth) {
                if (node instanceof Element e) {
                    if (e.normalName().equals("form")) {
                        ancestors.pop();
                    } else if (e.normalName().equals("fieldset") && e.hasAttr("disabled")) {
                        disabledFieldsets[0]--;
                    }
                }
            }
        });
        if (!orphans.isEmpty()) {
            for (Element form : forms) {
                long cost = (long) descendantControls.getOrDefault(form, 0) * totalControls[0];
                if (form instanceof FormElement fe && controls.containsKey(form) && cost <= MAX_ASSOCIATION_COST) {
                    for (Element c : fe.elements()) {
                        if (orphans.remove(c) != null) {
                            owners.put(c, form);
                        }
                    }
                }
            }
        }
        for (Element c : inOrder) {
            Element owner = owners.get(c);
            List<Element> list = owner == null ? null : controls.get(owner);
            if (list != null) {
                list.add(c);
            }
        }
    }

    private FormInfo form(Element form, List<Element> controls, String pageUrl, Labels labels) {
        String method = Texts.keyword(form.attr("method"));
        if (method.equals("dialog")) {
            return null;
        }
        String action = form.attr("action").isEmpty() ? pageUrl
                : UrlNormalizer.normalizeOrNull(form.absUrl("action"));
        if (action == null) {
            return null;
        }
        String enctype = Texts.keyword(form.attr("enctype"));
        List<Draft> drafts = new ArrayList<>();
        Map<String, Draft> groups = new HashMap<>();
        for (Element c : controls) {
            String tag = c.normalName();
            String type = switch (tag) {
                case "input" -> inputType(c);
                case "select" -> c.hasAttr("multiple") ? "select-multiple" : "select";
                case "textarea" -> "textarea";
                default -> buttonType(c);
            };
            String name = c.attr("name");
            boolean grouped = tag.equals("input") && (type.equals("radio") || type.equals("checkbox"));
            if (grouped && !name.isEmpty()) {
                Draft group = groups.get(type + '\u0000' + name);
                if (group != null) {
                    group.addMember(c, labels, settings.maxOptionsPerField());
                    continue;
                }
            }
            if (drafts.size() >= settings.maxFieldsPerForm()) {
                continue; // only members of existing groups can still join
            }
            Draft d = new Draft(type, name, c);
            if (grouped) {
                d.addMember(c, labels, settings.maxOptionsPerField());
                if (!name.isEmpty()) {
                    groups.put(type + '\u0000' + name, d);
                }
            }
            drafts.add(d);
        }
        List<FormInfo.Field> fields = new ArrayList<>(drafts.size());
        for (Draft d : drafts) {
            fields.add(field(d, labels));
        }
        return new FormInfo(action, method.equals("post") ? HttpMethod.POST : HttpMethod.GET,
                ENCTYPES.contains(enctype) ? enctype : DEFAULT_ENCTYPE, fields,
                JavaScriptDetector.isJavaScriptDriven(form));
    }

    private FormInfo.Field field(Draft d, Labels labels) {
        Element c = d.first;
        return switch (d.type) {
            case "radio", "checkbox" -> {
                String label = d.members == 1 ? d.options.get(0).label() : "";
                if (label.isEmpty()) {
                    label = labels.ofGroup(c);
                }
                yield new FormInfo.Field(d.type, d.name, d.options, d.defaultValue, label, d.required);
            }
            case "select", "select-multiple" -> select(d, labels);
            case "textarea" -> new FormInfo.Field(d.type, d.name, List.of(), textareaDefault(c),
                    labels.ofField(c), c.hasAttr("required"));
            case "submit" -> new FormInfo.Field(d.type, d.name, List.of(), c.attr("value"), labels.ofButton(c),
                    false);
            case "image", "reset", "button" -> new FormInfo.Field(d.type, d.name, List.of(), null,
                    labels.ofButton(c), false);
            case "hidden" -> new FormInfo.Field(d.type, d.name, List.of(), c.attr("value"), "", false);
            case "file" -> new FormInfo.Field(d.type, d.name, List.of(), null, labels.ofField(c),
                    c.hasAttr("required"));
            default -> new FormInfo.Field(d.type, d.name, List.of(), c.attr("value"), labels.ofField(c),
                    c.hasAttr("required"));
        };
    }

    private FormInfo.Field select(Draft d, Labels labels) {
        Element select = d.first;
        boolean multiple = d.type.equals("select-multiple");
        List<FormInfo.Option> options = new ArrayList<>();
        Element lastSelected = null;
        Element firstSelectedEnabled = null;
        Element firstEnabled = null;
        for (Element option : select.getElementsByTag("option")) {
            boolean disabled = isDisabledOption(option);
            if (option.hasAttr("selected")) {
                lastSelected = option;
                if (!disabled && firstSelectedEnabled == null) {
                    firstSelectedEnabled = option;
                }
            }
            if (!disabled) {
                if (firstEnabled == null) {
                    firstEnabled = option;
                }
                if (options.size() < settings.maxOptionsPerField()) {
                    String text = option.wholeText();
                    String label = option.attr("label").isEmpty() ? text : option.attr("label");
                    options.add(new FormInfo.Option(optionValue(option), Texts.collapse(label,
                            settings.maxTextChars())));
                }
            }
        }
        String defaultValue;
        if (multiple) {
            defaultValue = firstSelectedEnabled == null ? null : optionValue(firstSelectedEnabled);
        } else {
            Element chosen = lastSelected != null ? lastSelected : displaySize(select) == 1 ? firstEnabled : null;
            defaultValue = chosen == null || isDisabledOption(chosen) ? null : optionValue(chosen);
        }
        return new FormInfo.Field(d.type, d.name, options, defaultValue, labels.ofField(select),
                select.hasAttr("required"));
    }

    private static boolean isDisabledOption(Element option) {
        Element parent = option.parent();
        return option.hasAttr("disabled")
                || (parent != null && parent.normalName().equals("optgroup") && parent.hasAttr("disabled"));
    }

    /** An option's value: its {@code value} attribute, else its text with ASCII whitespace stripped and collapsed. */
    private static String optionValue(Element option) {
        return option.hasAttr("value") ? option.attr("value") : Texts.stripAndCollapseAscii(option.wholeText());
    }

    /** The select's display size: its {@code size} attribute if a positive integer, else 1 (4 when multiple). */
    private static int displaySize(Element select) {
        try {
            int size = Integer.parseInt(select.attr("size").strip());
            if (size > 0) {
                return size;
            }
        } catch (NumberFormatException e) {
            // missing or invalid: the default below
        }
        return select.hasAttr("multiple") ? 4 : 1;
    }

    private static String textareaDefault(Element textarea) {
        String text = textarea.wholeText();
        if (text.startsWith("\r\n")) {
            return text.substring(2);
        }
        return text.startsWith("\n") ? text.substring(1) : text;
    }

    private static String inputType(Element input) {
        String type = Texts.keyword(input.attr("type"));
        return INPUT_TYPES.contains(type) ? type : "text";
    }

    private static String buttonType(Element button) {
        String type = Texts.keyword(button.attr("type"));
        return type.equals("reset") || type.equals("button") ? type : "submit";
    }

    /** A field being built: one control, or a radio/checkbox group. */
    private static final class Draft {
        final String type;
        final String name;
        final Element first;
        final List<FormInfo.Option> options = new ArrayList<>();
        int members;
        String defaultValue;
        boolean required;

        Draft(String type, String name, Element first) {
            this.type = type;
            this.name = name;
            this.first = first;
        }

        void addMember(Element input, Labels labels, int maxOptions) {
            members++;
            String value = input.hasAttr("value") ? input.attr("value") : "on";
            if (options.size() < maxOptions) {
                options.add(new FormInfo.Option(value, labels.ofOption(input)));
            }
            if (input.hasAttr("checked") && (type.equals("radio") || defaultValue == null)) {
                defaultValue = value; // radio: the last checked wins; checkbox: the first checked
            }
            required |= input.hasAttr("required");
        }
    }
}
