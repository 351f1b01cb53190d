package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormInfo;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The seed's rejection rules: a form that asks for a password, an e-mail address or a user identification, or that
 * is driven by JavaScript, is never submitted (Vidal 2006 §4.2, spec §6.4 step 1). Login and sign-up forms are not
 * entry points to a hidden database, and submitting them could create accounts or lock them; a JavaScript form is
 * not submitted as a browser without script would send it, so probing it measures nothing reliable.
 *
 * <p>Rules, in this order, first match wins:
 * <ol>
 *   <li>{@link FormRejection.Reason#JAVASCRIPT}: the caller found JavaScript in the form's DOM
 *       ({@link JavaScriptDetector}), or the form has plain buttons ({@code type=button}) and no submit or image
 *       button — such a form can only be sent by a script (beyond the seed, detectable from {@link FormInfo}
 *       alone).</li>
 *   <li>{@link FormRejection.Reason#PASSWORD}: an input of type {@code password}, or a field whose name or label
 *       matches {@code passw|senha}.</li>
 *   <li>{@link FormRejection.Reason#EMAIL}: an input of type {@code email}, or name/label matching
 *       {@code e-?mail}.</li>
 *   <li>{@link FormRejection.Reason#LOGIN}: name/label matching {@code login|user(name)?|usu[aá]rio}.</li>
 * </ol>
 * The name and label patterns are the spec's ({@code /e-?mail|passw|senha|login|user(name)?|usu[aá]rio/i}),
 * case-insensitive, applied to the fields a person fills in (not hidden inputs or buttons: a hidden
 * {@code user_lang} on a search form asks nothing of the user).
 */
public final class FormRules {
    private static final Pattern PASSWORD = Pattern.compile("passw|senha", Pattern.CASE_INSENSITIVE);
    private static final Pattern EMAIL = Pattern.compile("e-?mail", Pattern.CASE_INSENSITIVE);
    private static final Pattern LOGIN = Pattern.compile("login|user(name)?|usu[aá]rio",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Set<String> NOT_FILLED = Set.of("hidden", "submit", "image", "reset", "button");

    private FormRules() {
    }

    /**
     * Applies the rules.
     *
     * @param form              the form from the page analysis
     * @param javaScriptDriven  whether the form's DOM holds JavaScript ({@link JavaScriptDetector}); the event
     *                          model does not carry it
     * @return the first rule that fires, or empty if the form may be probed
     * @throws IllegalArgumentException if {@code form} is null
     */
    public static Optional<FormRejection> check(FormInfo form, boolean javaScriptDriven) {
        if (form == null) {
            throw new IllegalArgumentException("form: missing");
        }
        if (javaScriptDriven) {
            return reject(FormRejection.Reason.JAVASCRIPT, "", "the form's DOM holds JavaScript");
        }
        boolean plainButton = false;
        boolean submitButton = false;
        for (FormInfo.Field f : form.fields()) {
            plainButton |= f.type().equals("button");
            submitButton |= f.type().equals("submit") || f.type().equals("image");
        }
        if (plainButton && !submitButton) {
            return reject(FormRejection.Reason.JAVASCRIPT, "",
                    "only type=button buttons and no submit button: only a script can send it");
        }
        for (FormInfo.Field f : form.fields()) {
            if (f.type().equals("password")) {
                return reject(FormRejection.Reason.PASSWORD, f.name(), "an input of type password");
            }
            if (f.type().equals("email")) {
                return reject(FormRejection.Reason.EMAIL, f.name(), "an input of type email");
            }
        }
        for (FormInfo.Field f : form.fields()) {
            if (NOT_FILLED.contains(f.type())) {
                continue;
            }
            String text = f.name() + " " + f.label();
            if (PASSWORD.matcher(text).find()) {
                return reject(FormRejection.Reason.PASSWORD, f.name(), "name or label asks for a password");
            }
            if (EMAIL.matcher(text).find()) {
                return reject(FormRejection.Reason.EMAIL, f.name(), "name or label asks for an e-mail address");
            }
            if (LOGIN.matcher(text).find()) {
                return reject(FormRejection.Reason.LOGIN, f.name(), "name or label asks for a user name or login");
            }
        }
        return Optional.empty();
    }

    private static Optional<FormRejection> reject(FormRejection.Reason reason, String field, String detail) {
        return Optional.of(new FormRejection(reason, field, detail));
    }
}
