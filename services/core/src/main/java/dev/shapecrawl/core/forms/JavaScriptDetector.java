package dev.shapecrawl.core.forms;

import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Element;

import java.util.Locale;

/**
 * Whether a form is JavaScript-driven (Vidal 2006 §4.2: a form with JavaScript code is discarded), on the form's
 * DOM, because {@link dev.shapecrawl.events.FormInfo} carries no script information. The page analysis (or the
 * service) runs this on the {@code <form>} element and passes the answer to {@link FormRules#check}.
 *
 * <p>Rules (spec §6.4 [R]): an event-handler attribute ({@code on*}, e.g. {@code onsubmit}, {@code onclick},
 * {@code onchange}) on the form or any descendant, a {@code javascript:} URL in an {@code action}, {@code href},
 * {@code formaction} or {@code src}, or a {@code <script>} element inside the form. All on-attributes count, not
 * only the three the spec names, because any handler can rewrite the form before it is sent.
 */
public final class JavaScriptDetector {
    private JavaScriptDetector() {
    }

    /**
     * @param form the {@code <form>} element; not modified
     * @return true if the form contains JavaScript by the rules above
     * @throws IllegalArgumentException if {@code form} is null
     */
    public static boolean isJavaScriptDriven(Element form) {
        if (form == null) {
            throw new IllegalArgumentException("form: missing");
        }
        for (Element e : form.getAllElements()) { // includes the form itself
            if (e.normalName().equals("script")) {
                return true;
            }
            for (Attribute a : e.attributes()) {
                String key = a.getKey().toLowerCase(Locale.ROOT);
                if (key.startsWith("on") && key.length() > 2) {
                    return true;
                }
                if ((key.equals("action") || key.equals("href") || key.equals("formaction") || key.equals("src"))
                        && a.getValue().strip().toLowerCase(Locale.ROOT).startsWith("javascript:")) {
                    return true;
                }
            }
        }
        return false;
    }
}
