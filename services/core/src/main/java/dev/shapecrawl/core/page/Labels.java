package dev.shapecrawl.core.page;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeFilter;

import java.util.HashMap;
import java.util.Map;

/**
 * Finds the text a person reads as a form field's label. One instance per document: it indexes the
 * {@code <label for>} elements and the ids of the document on first use.
 *
 * <p>Order for a field (text, select, textarea, a lone checkbox…), the first non-empty wins:
 * <ol>
 *   <li>a {@code <label for="id">} naming the control's id (the first such label in the document);</li>
 *   <li>a {@code <label>} wrapping the control, if it labels it (it has no {@code for}, or {@code for} names the
 *       control, and the control is its first labelable descendant, as in the HTML standard);</li>
 *   <li>{@code aria-labelledby}: the text of the elements it names, in order;</li>
 *   <li>{@code aria-label};</li>
 *   <li>{@code placeholder};</li>
 *   <li>the text just before the control in the same table row or form ({@link Texts#adjacent}), unless it is
 *       longer than the text bound (then it is prose, not a label);</li>
 *   <li>{@code title}.</li>
 * </ol>
 * The visible, explicitly associated labels come first because the label is meant to be what a person sees
 * (Moraes 2013 matches field labels against known labels; Vidal 2006 §6.4 asks for text-field labels);
 * {@code aria-labelledby} is placed after them, unlike in the accessible-name computation, for the same
 * reason. The label of a label element is its text without the text of controls inside it.
 *
 * <p>An option of a radio or checkbox group ({@link #ofOption}) uses 1–4, then the text just <em>after</em> the
 * input ({@code <input type=radio> CD}), then {@code title}. A group of several radios or checkboxes
 * ({@link #ofGroup}) is labelled by the text before its first member, else the {@code <legend>} of the nearest
 * enclosing {@code <fieldset>}. Buttons ({@link #ofButton}) are labelled by their caption. Every label is cleaned
 * by {@link Texts#label}: whitespace collapsed, trailing {@code :} and {@code *} removed, cut to the settings'
 * text bound.
 */
final class Labels {
    private final Document doc;
    private final int maxChars;
    private Map<String, Element> labelsByFor;
    private Map<String, Element> elementsById;

    Labels(Document doc, int maxChars) {
        this.doc = doc;
        this.maxChars = maxChars;
    }

    /** The label of a field that is one control: the full order of the class comment. */
    String ofField(Element control) {
        String s = explicit(control);
        if (s.isEmpty()) {
            s = clean(control.attr("placeholder"));
        }
        if (s.isEmpty()) {
            s = clean(Texts.adjacent(control, true, maxChars));
        }
        return s.isEmpty() ? clean(control.attr("title")) : s;
    }

    /** The label of one radio button or checkbox as an option of its group. */
    String ofOption(Element input) {
        String s = explicit(input);
        if (s.isEmpty()) {
            s = clean(Texts.adjacent(input, false, maxChars));
        }
        return s.isEmpty() ? clean(input.attr("title")) : s;
    }

    /** The label of a group of several radio buttons or checkboxes, given its first member. */
    String ofGroup(Element first) {
        String s = clean(Texts.adjacent(first, true, maxChars));
        if (!s.isEmpty()) {
            return s;
        }
        for (Element p = first.parent(); p != null; p = p.parent()) {
            if (p.normalName().equals("fieldset")) {
                Element legend = p.firstElementChild();
                while (legend != null && !legend.normalName().equals("legend")) {
                    legend = legend.nextElementSibling();
                }
                return legend == null ? "" : clean(Texts.visible(legend, maxChars, true));
            }
        }
        return "";
    }

    /**
     * The caption of a button: the text of a {@code <button>}, the {@code value} of an input button, the
     * {@code alt} of an image button; else {@code aria-label}, else {@code title}.
     */
    String ofButton(Element button) {
        String s;
        if (button.normalName().equals("button")) {
            s = clean(Texts.visible(button, maxChars, false));
        } else if (Texts.keyword(button.attr("type")).equals("image")) {
            s = clean(button.attr("alt"));
        } else {
            s = clean(button.attr("value"));
        }
        if (s.isEmpty()) {
            s = clean(button.attr("aria-label"));
        }
        return s.isEmpty() ? clean(button.attr("title")) : s;
    }

    /** Steps 1–4: label for, wrapping label, aria-labelledby, aria-label. */
    private String explicit(Element control) {
        String id = control.id();
        if (!id.isEmpty()) {
            Element label = labelsByFor().get(id);
            if (label != null) {
                String s = labelText(label);
                if (!s.isEmpty()) {
                    return s;
                }
            }
        }
        Element wrapping = wrappingLabel(control);
        if (wrapping != null) {
            String s = labelText(wrapping);
            if (!s.isEmpty()) {
                return s;
            }
        }
        String labelledBy = control.attr("aria-labelledby").strip();
        if (!labelledBy.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (String ref : labelledBy.split("\\s+")) {
                Element e = elementsById().get(ref);
                if (e != null && sb.length() <= maxChars) {
                    sb.append(' ').append(Texts.visible(e, maxChars, true));
                }
            }
            String s = clean(sb.toString());
            if (!s.isEmpty()) {
                return s;
            }
        }
        return clean(control.attr("aria-label"));
    }

    private Element wrappingLabel(Element control) {
        for (Element p = control.parent(); p != null; p = p.parent()) {
            String tag = p.normalName();
            if (tag.equals("label")) {
                String forId = p.attr("for");
                boolean forOk = !p.hasAttr("for") || (!forId.isEmpty() && forId.equals(control.id()));
                return forOk && firstLabelable(p) == control ? p : null;
            }
            if (tag.equals("form") || tag.equals("body")) {
                return null;
            }
        }
        return null;
    }

    /** The first labelable descendant of a label (HTML: button, input but hidden, meter, output, progress, select, textarea). */
    private static Element firstLabelable(Element label) {
        Element[] first = {null};
        label.filter(new NodeFilter() {
            @Override
            public FilterResult head(Node node, int depth) {
                if (node instanceof Element e && e != label) {
                    switch (e.normalName()) {
                        case "button", "meter", "output", "progress", "select", "textarea" -> first[0] = e;
                        case "input" -> {
                            if (!Texts.keyword(e.attr("type")).equals("hidden")) {
                                first[0] = e;
                            }
                        }
                        default -> {
                        }
                    }
                }
                return first[0] != null ? FilterResult.STOP : FilterResult.CONTINUE;
            }

            @Override
            public FilterResult tail(Node node, int depth) {
                return FilterResult.CONTINUE;
            }
        });
        return first[0];
    }

    private String labelText(Element label) {
        return clean(Texts.visible(label, maxChars, true));
    }

    private String clean(String s) {
        return Texts.label(s, maxChars);
    }

    private Map<String, Element> labelsByFor() {
        if (labelsByFor == null) {
            labelsByFor = new HashMap<>();
            for (Element label : doc.getElementsByTag("label")) {
                String forId = label.attr("for");
                if (!forId.isEmpty()) {
                    labelsByFor.putIfAbsent(forId, label);
                }
            }
        }
        return labelsByFor;
    }

    /** The first element of the document with each id, as {@code getElementById} would find it. */
    Map<String, Element> elementsById() {
        if (elementsById == null) {
            elementsById = new HashMap<>();
            for (Element e : doc.getElementsByAttribute("id")) {
                elementsById.putIfAbsent(e.id(), e);
            }
        }
        return elementsById;
    }
}
