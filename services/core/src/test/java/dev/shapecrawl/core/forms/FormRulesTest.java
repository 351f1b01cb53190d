package dev.shapecrawl.core.forms;

import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.HttpMethod;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rejection rules (Vidal 2006 §4.2) and the form model's roles. */
class FormRulesTest {
    static final FormInfo.Field GO = Forms.field("submit", "go", "Search");

    static FormRejection.Reason reason(FormInfo form, boolean js) {
        return FormRules.check(form, js).map(FormRejection::reason).orElse(null);
    }

    @Test
    void loginAndSignUpFormsAreRejectedWithTheReason() {
        assertEquals(FormRejection.Reason.PASSWORD, reason(Forms.form(HttpMethod.POST,
                Forms.field("text", "name", "Name"), Forms.field("password", "pw", "Secret"), GO), false));
        assertEquals(FormRejection.Reason.PASSWORD, reason(Forms.form(HttpMethod.POST,
                Forms.field("text", "senha", ""), GO), false));
        assertEquals(FormRejection.Reason.EMAIL, reason(Forms.form(HttpMethod.POST,
                Forms.field("email", "contact", ""), GO), false));
        assertEquals(FormRejection.Reason.EMAIL, reason(Forms.form(HttpMethod.POST,
                Forms.field("text", "addr", "Your E-mail"), GO), false));
        assertEquals(FormRejection.Reason.LOGIN, reason(Forms.form(HttpMethod.POST,
                Forms.field("text", "username", ""), GO), false));
        assertEquals(FormRejection.Reason.LOGIN, reason(Forms.form(HttpMethod.POST,
                Forms.field("text", "who", "Usuário"), GO), false));
    }

    @Test
    void javaScriptFormsAreRejected() {
        assertEquals(FormRejection.Reason.JAVASCRIPT, reason(Forms.form(HttpMethod.GET,
                Forms.select("a", "1"), GO), true));
        assertEquals(FormRejection.Reason.JAVASCRIPT, reason(Forms.form(HttpMethod.GET, Forms.select("a", "1"),
                new FormInfo.Field("button", "b", List.of(), null, "Find", false)), false),
                "only a script can send a form whose only button is type=button");
        Element scripted = Jsoup.parse("<form action=/s onsubmit='return go()'><input name=q></form>")
                .selectFirst("form");
        Element withScript = Jsoup.parse("<form action=/s><input name=q><script>x()</script></form>")
                .selectFirst("form");
        Element handler = Jsoup.parse("<form action=/s><select name=a onchange='f()'></select></form>")
                .selectFirst("form");
        Element link = Jsoup.parse("<form action=/s><a href='javascript:send()'>go</a></form>").selectFirst("form");
        Element plain = Jsoup.parse("<form action=/s><input name=q><input type=submit></form>").selectFirst("form");
        assertTrue(JavaScriptDetector.isJavaScriptDriven(scripted));
        assertTrue(JavaScriptDetector.isJavaScriptDriven(withScript));
        assertTrue(JavaScriptDetector.isJavaScriptDriven(handler));
        assertTrue(JavaScriptDetector.isJavaScriptDriven(link));
        assertFalse(JavaScriptDetector.isJavaScriptDriven(plain));
    }

    @Test
    void aSearchFormPassesAndHiddenUserFieldsDoNotCount() {
        FormInfo search = Forms.form(HttpMethod.GET, new FormInfo.Field("hidden", "user_lang", List.of(), "en", "",
                false), Forms.select("a", "1"), Forms.field("text", "q", "Keywords"), GO);
        assertEquals(null, reason(search, false));
    }

    @Test
    void aRejectedFormIsNeverSubmitted() {
        FormInfo login = Forms.form(HttpMethod.POST, Forms.field("text", "login", "Login"),
                Forms.field("password", "pw", "Password"), GO);
        FormProber prober = FormProber.start(login, false, ProbeSettings.defaults(), "", List.of());
        assertTrue(prober.done());
        assertTrue(prober.next().isEmpty());
        assertEquals(ProbeState.StopReason.REJECTED, prober.state().stop());
        assertEquals(FormRejection.Reason.PASSWORD, prober.rejection().orElseThrow().reason(),
                "type rules come before name rules");
        assertEquals(0, prober.report().requests());
        FormProber js = FormProber.start(Forms.form(HttpMethod.GET, Forms.select("a", "1"), GO), true,
                ProbeSettings.defaults(), "", List.of());
        assertTrue(js.next().isEmpty());
        FormProber nothing = FormProber.start(Forms.form(HttpMethod.GET, GO), false, ProbeSettings.defaults(), "",
                List.of());
        assertEquals(FormRejection.Reason.NOTHING_TO_PROBE, nothing.rejection().orElseThrow().reason());
    }

    @Test
    void rolesFollowTheControlTypesAndPresentationFields() {
        ProbeForm form = ProbeForm.of(SimulatedBackend.form(), Set.of("per"));
        assertEquals(List.of("category", "region", "year", "q"),
                form.probedFields().stream().map(ProbeField::name).toList());
        assertEquals(FieldRole.FIXED, form.fields().get(0).role(), "hidden");
        assertEquals(FieldRole.FIXED, form.fields().get(5).role(), "presentation field");
        assertEquals(FieldRole.FIXED, form.fields().get(6).role(), "the submit button");
        assertFalse(form.probedField("category").options().contains(""), "the empty 'any' option is not a value");
        assertEquals(FieldRole.SELECTION, ProbeForm.of(SimulatedBackend.form(), Set.of()).fields().get(5).role());
    }
}
