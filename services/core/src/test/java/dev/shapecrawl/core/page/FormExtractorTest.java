package dev.shapecrawl.core.page;

import dev.shapecrawl.events.FormInfo;
import dev.shapecrawl.events.FormInfo.Field;
import dev.shapecrawl.events.FormInfo.Option;
import dev.shapecrawl.events.HttpMethod;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FormExtractorTest {
    private static final String PAGE = "http://www.example.com/search/index.html?lang=en";
    private static final FormExtractor DEFAULTS = new FormExtractor(PageAnalysisSettings.defaults());
    private static final String URLENCODED = "application/x-www-form-urlencoded";

    private static List<FormInfo> forms(String html) {
        return DEFAULTS.extract(Jsoup.parse(html, PAGE)).forms();
    }

    private static FormInfo form(String html) {
        List<FormInfo> forms = forms(html);
        assertEquals(1, forms.size(), "forms: " + forms);
        return forms.get(0);
    }

    private static Field field(FormInfo form, String name) {
        return form.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in " + form.fields()));
    }

    @Test
    void vidalFigure41MovieSearchForm() {
        // Vidal 2006, §6.2, Figure 4.1, verbatim; the page URL of the §6.3 example
        String html = """
                <FORM action="/find.cgi" method="get" NAME="QSFORM">
                  <SELECT name="select">
                    <OPTION value="all">All</OPTION> <OPTION value="title">Titles</OPTION>
                    <OPTION value="director">Director</OPTION> <OPTION value="cast">Casting</OPTION>
                  </SELECT>
                  <INPUT type="text" name="for" size="14">
                  <SUBMIT name="submit">
                </FORM>""";
        List<FormInfo> forms = DEFAULTS.extract(Jsoup.parse(html, "http://www.meuformulariohtml.com.br/")).forms();
        assertEquals(List.of(new FormInfo("http://www.meuformulariohtml.com.br/find.cgi", HttpMethod.GET, URLENCODED,
                List.of(new Field("select", "select", List.of(new Option("all", "All"), new Option("title", "Titles"),
                                new Option("director", "Director"), new Option("cast", "Casting")), "all", "", false),
                        new Field("text", "for", List.of(), "", "", false)))), forms,
                "F = {<select,all>, <select,title>, <select,director>, <select,cast>, <for,text>}; <SUBMIT> is not an"
                        + " HTML element, so no field");
    }

    @Test
    void radioButtonsWithOneNameAreOneFieldWithTheirLabels() {
        FormInfo f = form("""
                <form><input name="q">
                Format: <input type="radio" name="fmt" value="cd"> CD
                        <input type="radio" name="fmt" value="lp" checked> LP
                        <input type="radio" name="fmt" value="mp3" checked> MP3
                <input type="submit" value="Go"></form>""");
        assertEquals(List.of("q", "fmt", ""), f.fields().stream().map(Field::name).toList());
        assertEquals(new Field("radio", "fmt", List.of(new Option("cd", "CD"), new Option("lp", "LP"),
                new Option("mp3", "MP3")), "mp3", "Format", false), field(f, "fmt"),
                "the last checked radio is the one the parser leaves checked");
    }

    @Test
    void checkboxesGroupByNameWithLabelsForTheirIds() {
        FormInfo f = form("""
                <form><fieldset><legend>Genres</legend>
                  <input type="checkbox" name="g" value="jazz" id="g1"><label for="g1">Jazz</label>
                  <input type="checkbox" name="g" value="blues" id="g2" checked required><label for="g2">Blues</label>
                  <input type="checkbox" name="g" id="g3" checked><label for="g3">Other</label>
                </fieldset>
                <label><input type="checkbox" name="instock"> In stock only</label>
                <input type="checkbox" name="a"><input type="radio" name="a" value="r">
                </form>""");
        assertEquals(new Field("checkbox", "g", List.of(new Option("jazz", "Jazz"), new Option("blues", "Blues"),
                new Option("on", "Other")), "blues", "Genres", true), field(f, "g"),
                "first checked is the default; a value-less checkbox submits 'on'; legend labels the group");
        assertEquals(new Field("checkbox", "instock", List.of(new Option("on", "In stock only")), null,
                "In stock only", false), field(f, "instock"), "a lone checkbox is labelled by its own label");
        assertEquals(List.of("checkbox", "radio"), f.fields().stream().filter(x -> x.name().equals("a"))
                .map(Field::type).toList(), "a checkbox and a radio with one name are two groups");
    }

    @Test
    void selectDefaultsFollowTheHtmlSelectednessRules() {
        FormInfo f = form("""
                <form>
                  <select name="first"><option disabled>Choose</option><option value="1">One</option><option>Two</option></select>
                  <select name="last"><option selected>A</option><option selected>B</option></select>
                  <select name="multi" multiple><option>A</option><option selected>B</option><option selected>C</option></select>
                  <select name="none" multiple><option>A</option></select>
                  <select name="listbox" size="3"><option>A</option><option>B</option></select>
                  <select name="placeholder"><option value="" disabled selected>Pick one</option><option>X</option></select>
                  <select name="empty"></select>
                  <select name="text"><option>  Two
                     words </option><option label="Short" value="v">Long text</option>
                     <optgroup label="G" disabled><option>Hidden</option></optgroup>
                     <optgroup label="H"><option>In group</option></optgroup></select>
                </form>""");
        assertEquals("1", field(f, "first").defaultValue(), "no selected: the first option that is not disabled");
        assertEquals(List.of(new Option("1", "One"), new Option("Two", "Two")), field(f, "first").options(),
                "disabled options are not offered");
        assertEquals("B", field(f, "last").defaultValue(), "several selected in a single select: the last");
        assertEquals("select-multiple", field(f, "multi").type());
        assertEquals("B", field(f, "multi").defaultValue(), "multiple: the first selected");
        assertNull(field(f, "none").defaultValue(), "multiple, nothing selected: nothing submitted");
        assertNull(field(f, "listbox").defaultValue(), "display size > 1 selects nothing by itself");
        assertNull(field(f, "placeholder").defaultValue(), "a selected disabled option is not submitted");
        assertEquals(List.of(new Option("X", "X")), field(f, "placeholder").options());
        assertNull(field(f, "empty").defaultValue());
        assertEquals(List.of(new Option("Two words", "Two words"), new Option("v", "Short"),
                new Option("In group", "In group")), field(f, "text").options());
        assertEquals("Two words", field(f, "text").defaultValue());
    }

    @Test
    void labelsComeFromLabelForThenWrappingLabelThenAriaThenPlaceholder() {
        FormInfo f = form("""
                <form>
                  <label for="t">Title:</label> <input id="t" name="title">
                  <label>Category <select name="cat"><option>Books</option><option>Music</option></select></label>
                  <span id="yl">Year</span><span id="yr">from</span> <input name="year" aria-labelledby="yl yr">
                  <input name="author" aria-label="Author name">
                  <input name="kw" placeholder="Keywords">
                  <input name="isbn" title="ISBN (tooltip)">
                  <label for="other">Not mine</label><input name="after">
                  <label>From <input name="from"> to <input name="to"></label>
                  <textarea name="notes" placeholder="Notes *"></textarea>
                </form>""");
        assertEquals("Title", field(f, "title").label(), "trailing colon removed");
        assertEquals("Category", field(f, "cat").label(), "without the options' text");
        assertEquals("Year from", field(f, "year").label());
        assertEquals("Author name", field(f, "author").label());
        assertEquals("Keywords", field(f, "kw").label());
        assertEquals("ISBN (tooltip)", field(f, "isbn").label());
        assertEquals("", field(f, "after").label(), "a label for another control is not taken");
        assertEquals("From to", field(f, "from").label(), "the wrapping label labels its first control");
        assertEquals("to", field(f, "to").label(), "not the label's (it labels its first control only) but the"
                + " text just before the field");
        assertEquals("Notes", field(f, "notes").label());
    }

    @Test
    void labelsFallBackToTheTextBeforeTheFieldInItsRowOrCell() {
        FormInfo f = form("""
                <form><table>
                  <tr><td>Artist name:</td><td><input name="artist"></td></tr>
                  <tr><td><b>Label</b> <input name="label"></td></tr>
                  <tr><td>Price *</td><td>from <input name="min"> to <input name="max"></td></tr>
                  <tr><td></td><td><input name="unlabelled"></td></tr>
                </table>
                <p>Lots of prose here.</p><div><input name="afterblock"></div>
                Sort by<br><select name="sort"><option>date</option></select>
                <p>%s</p><input name="afterprose">
                </form>""".formatted("Long instructions. ".repeat(20)));
        assertEquals("Artist name", field(f, "artist").label());
        assertEquals("Label", field(f, "label").label());
        assertEquals("from", field(f, "min").label());
        assertEquals("to", field(f, "max").label());
        assertEquals("", field(f, "unlabelled").label(), "the walk stays in its row");
        assertEquals("Lots of prose here.", field(f, "afterblock").label(),
                "the nearest preceding text, across blocks, when nothing else labels the field");
        assertEquals("Sort by", field(f, "sort").label());
        assertEquals("", field(f, "afterprose").label(), "text longer than the text bound is prose, not a label");
    }

    @Test
    void hiddenAndSubmitFieldsKeepNamesAndValues() {
        FormInfo f = form("""
                <form action="results.php">
                  <input type="hidden" name="sid" value="a b&amp;c">
                  <input type="HIDDEN" name="empty">
                  <input name="q">
                  <input type="submit" name="go" value="Search">
                  <input type="submit">
                  <button name="btn" value="b1">Find <b>now</b></button>
                  <button type="reset">Clear</button>
                  <input type="image" name="pic" src="go.png" alt="Go!">
                  <input type="button" value="Help">
                </form>""");
        assertEquals(List.of(
                new Field("hidden", "sid", List.of(), "a b&c", "", false),
                new Field("hidden", "empty", List.of(), "", "", false),
                new Field("text", "q", List.of(), "", "", false),
                new Field("submit", "go", List.of(), "Search", "Search", false),
                new Field("submit", "", List.of(), "", "", false),
                new Field("submit", "btn", List.of(), "b1", "Find now", false),
                new Field("reset", "", List.of(), null, "Clear", false),
                new Field("image", "pic", List.of(), null, "Go!", false),
                new Field("button", "", List.of(), null, "Help", false)), f.fields());
    }

    @Test
    void actionMethodAndEnctype() {
        List<FormInfo> forms = forms("""
                <form><input name="a"></form>
                <form action=""><input name="b"></form>
                <form action="../cgi-bin/Find.cgi?x=1#frag" method="POST" enctype="Multipart/Form-Data"></form>
                <form action="https://Other.example.org:443/s" method="put" enctype="bogus"></form>
                <form action="javascript:submitIt()"></form>
                <form action="mailto:someone@example.com" method="post"></form>
                <form method="dialog"></form>
                <form method=" get " enctype="text/plain"></form>""");
        assertEquals(List.of(
                new FormInfo(PAGE, HttpMethod.GET, URLENCODED, List.of(new Field("text", "a", List.of(), "", "", false))),
                new FormInfo(PAGE, HttpMethod.GET, URLENCODED, List.of(new Field("text", "b", List.of(), "", "", false))),
                new FormInfo("http://www.example.com/cgi-bin/Find.cgi?x=1", HttpMethod.POST, "multipart/form-data",
                        List.of()),
                new FormInfo("https://other.example.org/s", HttpMethod.GET, URLENCODED, List.of()),
                new FormInfo(PAGE, HttpMethod.GET, "text/plain", List.of())), forms,
                "missing or empty action: the page; invalid method: GET; javascript:, mailto: and dialog forms skipped");
    }

    @Test
    void actionIsResolvedAgainstBaseHrefButAMissingActionIsThePage() {
        List<FormInfo> forms = forms("<head><base href='http://cdn.example.com/app/'></head>"
                + "<form action='search'></form><form></form>");
        assertEquals("http://cdn.example.com/app/search", forms.get(0).action());
        assertEquals(PAGE, forms.get(1).action());
    }

    @Test
    void inputTypesTextareaAndRequired() {
        FormInfo f = form("""
                <form>
                  <input name="a" type="TEXT" value="preset" required>
                  <input name="b" type="datetime">
                  <input name="c" type="email"><input name="d" type="number" value="3">
                  <input name="pw" type="password"><input name="up" type="file" required>
                  <textarea name="t">
                Line one
                  line two</textarea>
                  <textarea name="t2" required></textarea>
                </form>""");
        assertEquals(new Field("text", "a", List.of(), "preset", "", true), field(f, "a"));
        assertEquals("text", field(f, "b").type(), "an unknown type is text");
        assertEquals("email", field(f, "c").type());
        assertEquals("3", field(f, "d").defaultValue());
        assertEquals("password", field(f, "pw").type());
        assertEquals(new Field("file", "up", List.of(), null, "", true), field(f, "up"));
        assertEquals(new Field("textarea", "t", List.of(), "Line one\n  line two", "", false), field(f, "t"),
                "the newline after <textarea> is not part of the value");
        assertEquals(new Field("textarea", "t2", List.of(), "", "", true), field(f, "t2"));
    }

    @Test
    void disabledControlsAreNotFields() {
        FormInfo f = form("""
                <form><input name="on"><input name="off" disabled>
                <fieldset disabled><input name="inDisabledSet"><select name="s"></select></fieldset>
                <select name="sel" disabled><option>x</option></select></form>""");
        assertEquals(List.of("on"), f.fields().stream().map(Field::name).toList());
    }

    @Test
    void controlsBelongToTheirFormOwnerAsInABrowser() {
        List<FormInfo> forms = forms("""
                <form id="search" action="/s"><input name="q"></form>
                <input name="outside" form="search">
                <input name="nowhere" form="no-such-form">
                <div id="notaform"></div><input name="notaform" form="notaform">
                <table><form action="/t"><tr><td>Qty</td><td><input name="qty"></td></tr></form></table>""");
        assertEquals(List.of("q", "outside"), forms.get(0).fields().stream().map(Field::name).toList());
        assertEquals(List.of("qty"), forms.get(1).fields().stream().map(Field::name).toList(),
                "the parser moves a form opened in a table out of the rows; its inputs still belong to it");
        assertEquals("Qty", forms.get(1).fields().get(0).label());
    }

    @Test
    void controlsAfterAFormThatWasNeverClosedBelongToIt() {
        // as in a browser: </div> closes the element, but the parser's form pointer stays set
        List<FormInfo> forms = forms("<div><form action='/b'><input name='inside'></div><input name='after'>"
                + "<form action='/ignored'><input name='nested'></form>");
        assertEquals(1, forms.size(), "a form start tag while a form is open is ignored");
        assertEquals(List.of("inside", "after", "nested"), forms.get(0).fields().stream().map(Field::name).toList());
    }

    @Test
    void theParserAssociationIsNotAskedWhenItWouldBeQuadratic() {
        int many = 5_000; // 5,000 descendants x 5,001 controls > 10,000,000 comparisons
        FormInfo f = new FormExtractor(PageAnalysisSettings.builder().maxFieldsPerForm(10_000).build())
                .extract(Jsoup.parse("<div><form><input name='inside'>" + "<input type=hidden name=h>".repeat(many - 1)
                        + "</div><input name='after'>", PAGE)).forms().get(0);
        assertEquals(many, f.fields().size());
        assertEquals("inside", f.fields().get(0).name());
        assertTrue(f.fields().stream().noneMatch(x -> x.name().equals("after")),
                "'after' is left without a form rather than cost seconds");
    }

    @Test
    void aFormWithTwoHundredThousandRadioButtonsIsFast() {
        long start = System.nanoTime();
        Field radios = form("<form>" + "<input type=radio name=r value=v> label".repeat(200_000) + "</form>")
                .fields().get(0);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(PageAnalysisSettings.DEFAULT_MAX_OPTIONS_PER_FIELD, radios.options().size());
        assertEquals(new Option("v", "label"), radios.options().get(0));
        assertTrue(ms < 10_000, ms + " ms"); // jsoup's FormElement.elements() alone took ~20 s here
    }

    @Test
    void aSelectWithOneHundredThousandOptionsIsBounded() {
        StringBuilder html = new StringBuilder("<form><select name='big'>");
        for (int i = 0; i < 100_000; i++) {
            html.append("<option value='").append(i).append(i == 99_999 ? "' selected>" : "'>").append("Option ")
                    .append(i).append("</option>");
        }
        html.append("</select></form>");
        long start = System.nanoTime();
        Field big = form(html.toString()).fields().get(0);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(PageAnalysisSettings.DEFAULT_MAX_OPTIONS_PER_FIELD, big.options().size());
        assertEquals(new Option("999", "Option 999"), big.options().get(999));
        assertEquals("99999", big.defaultValue(), "the default is what the browser submits, even past the bound");
        assertTrue(ms < 10_000, ms + " ms"); // generous: catches a quadratic walk, not a slow machine

        FormExtractor small = new FormExtractor(PageAnalysisSettings.builder().maxOptionsPerField(3).build());
        Field radios = small.extract(Jsoup.parse("<form>" + "<input type=radio name=r value=x>".repeat(10_000)
                + "</form>", PAGE)).forms().get(0).fields().get(0);
        assertEquals(3, radios.options().size());
    }

    @Test
    void formsAndFieldsAreBounded() {
        FormExtractor small = new FormExtractor(PageAnalysisSettings.builder().maxForms(2).maxFieldsPerForm(3).build());
        FormExtractor.Result r = small.extract(Jsoup.parse("""
                <form action="/1"><input name="a"><input name="b"><input type="radio" name="r" value="1">
                  <input name="c"><input type="radio" name="r" value="2"></form>
                <form action="/2"></form><form action="/3"></form><form action="/4"></form>""", PAGE));
        assertEquals(2, r.forms().size());
        assertEquals(2, r.dropped());
        FormInfo first = r.forms().get(0);
        assertEquals(List.of("a", "b", "r"), first.fields().stream().map(Field::name).toList());
        assertEquals(2, field(first, "r").options().size(), "a member of a kept group still joins it");
    }

    @Test
    void labelsAndOptionLabelsAreCappedButValuesAreNot() {
        String longText = "x".repeat(5_000);
        FormExtractor small = new FormExtractor(PageAnalysisSettings.builder().maxTextChars(20).build());
        FormInfo f = small.extract(Jsoup.parse("<form><label for=i>" + longText + "</label><input id=i name=i>"
                + "<input type=hidden name=h value='" + longText + "'>"
                + "<select name=s><option>" + longText + "</option></select></form>", PAGE)).forms().get(0);
        assertEquals(20, field(f, "i").label().length());
        assertEquals(5_000, field(f, "h").defaultValue().length());
        assertEquals(20, field(f, "s").options().get(0).label().length());
        assertEquals(5_000, field(f, "s").options().get(0).value().length());
    }
}
