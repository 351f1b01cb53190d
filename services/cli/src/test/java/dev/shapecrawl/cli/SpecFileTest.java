package dev.shapecrawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.events.CrawlSpec;
import dev.shapecrawl.events.EventCodec;
import dev.shapecrawl.events.EventType;
import dev.shapecrawl.events.SiteModelSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Crawl specifications in seed 001's Appendix A format (spec §4.6): the seed's own rows, errors, and an export. */
class SpecFileTest {
    /** The thesis's listing, tab-separated as in the extracted text: the olfatheque.com specification. */
    static final String OLFATHEQUE = String.join("\n",
            "Source\tType\tXPath\tDestination\tSubtype",
            "class1\tlink\t//form[@id=\"global-search-form\"],./input[@id=\"global-search\"]:all\tclass2\tform",
            "class2\tlink\t//span[@class=\"active\"]/../following-sibling::li[1]/a\tclass2\tsingleton",
            "perfumes\tlink\t//div[@id=\"result\"]/div[@class]/div[@class]/h3/a\tperfume\tlist",
            "perfume\tform\t//form[@id=\"form\"],./div/input[1]:user,./div/input[2]:pass\tlogin",
            "detail\tstring\t//h1/text()\tcompany name",
            "detail\timg\t//img[@alt='logo']\tlogo",
            "detail\turl\t//div[@class='rdbx']//div[@style='padding-left:10px;']/text()\twebsite",
            "");

    @Test
    void theSeedsAppendixAExamplesParse() {
        SpecFile.Spec spec = SpecFile.parse("olfatheque.tsv", OLFATHEQUE);
        assertEquals(3, spec.classLinks().size());
        assertEquals(4, spec.dataLinks().size());
        SpecFile.ClassLinkRow search = spec.classLinks().get(0);
        assertEquals(new SpecFile.ClassLinkRow(2, "class1",
                "//form[@id=\"global-search-form\"],./input[@id=\"global-search\"]:all", "class2", "form"), search);
        assertEquals("singleton", spec.classLinks().get(1).subtype(), "the next-page self-loop");
        assertEquals("list", spec.classLinks().get(2).subtype());
        assertEquals(new SpecFile.DataLinkRow(5, "perfume", "form",
                "//form[@id=\"form\"],./div/input[1]:user,./div/input[2]:pass", "login"), spec.dataLinks().get(0));
        assertEquals("//div[@class='rdbx']//div[@style='padding-left:10px;']/text()", spec.dataLinks().get(3).xpath(),
                "a colon inside a predicate is part of the XPath");
    }

    @Test
    void aMalformedLineIsRefusedWithItsNumber() {
        assertRefused("a,link,//a,b,single\n", "line 1: subtype 'single'");
        assertRefused("Source,Type,XPath,Destination,Subtype\na,lnk,//a,b,list\n", "line 2: type 'lnk'");
        assertRefused("a,link,//a,b\n", "line 1: a class link row has 5 fields");
        assertRefused("a,string,//a\n", "line 1: a row has 4 fields");
        assertRefused("a,string,h1/text(),title\n", "line 1: 'h1/text()' is not an XPath");
        assertRefused("a,link,\"//form,./input\",b,form\n", "line 1: form field './input' is not XPath{Field}:value");
        assertRefused("\n\nSource,Type,XPath,Name\n", "no class link or data link row");
        assertRefused("a,string,,title\n", "line 1: XPath is empty");
    }

    @Test
    void anExportedModelReadsBackWithItsClassLinks() throws IOException {
        SiteModelSnapshot model;
        try (InputStream in = SiteModelSnapshot.class.getResourceAsStream(
                "/dev/shapecrawl/events/examples/site-model.json")) {
            model = EventCodec.decode(EventType.SITE_MODEL, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        String csv = SpecFile.write(model);
        assertTrue(csv.startsWith("Source,Type,XPath,Destination,Subtype\r\n"), csv);
        SpecFile.Spec spec = SpecFile.parse("exported.csv", csv);
        assertEquals(List.of(new SpecFile.ClassLinkRow(2, "class2", "/html[@lang]/body[@class]/main[@role]/section[@class]/div[@class]/table/tbody/tr/td/a",
                "class1-target", "list"), new SpecFile.ClassLinkRow(3, "class1-target", "//ul[@id]/li/a", "class2", "menu")),
                spec.classLinks(), "the target class is named so; the path an XPath, anchored at its last id");
    }

    @Test
    void theModelsElementPathsBecomeXPaths() {
        assertEquals("/html[@lang]/body[@class]/div[@class]/main[@role]/a",
                CrawlSpec.xpathOf("HTML[@LANG]-BODY[@CLASS]-DIV[@CLASS]-MAIN[@ROLE]-A"));
        assertEquals("/html/body/div[@class=\"List-1 x\"]/ul/li/a",
                CrawlSpec.xpathOf("HTML-BODY-DIV[@CLASS=\"List-1 x\"]-UL-LI-A"), "a value keeps its case and hyphens");
        assertEquals("//ul/li/a", CrawlSpec.xpathOf("//UL-LI-A"), "tags removed from the root side");
        assertEquals("/html/body/p[@title=\"say \"hi\"\"]", CrawlSpec.xpathOf("HTML-BODY-P[@TITLE=\"say \\\"hi\\\"\"]"));
    }

    @Test
    void fieldsWithCommasAreQuotedAndReadBack() {
        SpecFile.Spec spec = SpecFile.parse("quoted.csv",
                "a,link,\"//div[contains(@class, 'x')]/a\",b,list\r\n");
        assertEquals("//div[contains(@class, 'x')]/a", spec.classLinks().get(0).xpath());
    }

    @Test
    void aSpecFileBecomesTheCrawlSpecOfAJob(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("spec.csv");
        Files.writeString(file, "Source,Type,XPath,Destination,Subtype\n"
                + "home,link,//nav/a,list,menu\n"
                + "list,link,//ol/li/a,item-target,list\n"
                + "list,link,\"//span[@class='active']/../following-sibling::li[1]/a\",list,singleton\n"
                + "item-target,string,//h1/text(),name\n");
        CrawlSpec spec = SpecFile.crawlSpec(file, null, null);
        assertEquals("home", spec.startClass(), "the first class link's source");
        assertEquals(List.of("item-target"), spec.targetClasses(), "the classes named *-target");
        assertTrue(!spec.trustsClasses(), "the job's threshold decides");
        Path plain = Files.writeString(dir.resolve("plain.csv"), "a,link,//a,b,list\n");
        assertEquals(List.of(), SpecFile.crawlSpec(plain, null, null).targetClasses(),
                "a model that names no target class still crawls, by the threshold");
        assertEquals(3, spec.links().size(), "the data link is not crawled");
        CrawlSpec named = SpecFile.crawlSpec(file, "list", "list");
        assertEquals("list", named.startClass());
        assertEquals(List.of("list"), named.targetClasses());
        assertTrue(named.trustsClasses(), "crawl --class: by class alone");
    }

    @Test
    void aSpecThatCannotBeCrawledIsRefusedWithItsReason(@TempDir Path dir) throws IOException {
        assertSpecRefused(dir, "a,link,\"//form,./input:q\",b,form\n", null,
                "line 1: a form class link (subtype form) is not crawled yet");
        assertSpecRefused(dir, "a,link,//div[@id=,b,list\n", null, "line 1: the XPath '//div[@id=' does not compile");
        assertSpecRefused(dir, "a,link,//a,b,list\n", "c", "no class link leads to class 'c'");
        CliException missing = assertThrows(CliException.class,
                () -> SpecFile.crawlSpec(dir.resolve("absent.csv"), null, null));
        assertTrue(missing.getMessage().startsWith("cannot read --spec"), missing.getMessage());
    }

    private static void assertSpecRefused(Path dir, String text, String crawlClass, String expected)
            throws IOException {
        Path file = Files.writeString(dir.resolve("bad.csv"), text);
        CliException e = assertThrows(CliException.class, () -> SpecFile.crawlSpec(file, null, crawlClass));
        assertEquals(CliException.BAD_INPUT, e.exitCode());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    private static void assertRefused(String text, String expected) {
        CliException e = assertThrows(CliException.class, () -> SpecFile.parse("spec.csv", text));
        assertEquals(CliException.BAD_INPUT, e.exitCode());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
