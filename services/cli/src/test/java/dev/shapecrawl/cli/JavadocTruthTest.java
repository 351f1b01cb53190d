package dev.shapecrawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shapecrawl.testkit.site.JavadocSite;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CLI's copy of the javadoc ground truth ({@link JavadocTruth#isTypePage}) says what the test kit's rule
 * ({@link JavadocSite#isTypePage}) says, on every combination of the directories and file names javadoc 6–21 write.
 */
class JavadocTruthTest {
    static final List<String> DIRECTORIES = List.of("", "org/", "org/apache/kafka/clients/admin/", "org/jsoup/",
            "org/apache/commons/lang3/class-use/", "src-html/org/jsoup/", "org/jsoup/doc-files/", "legal/",
            "resources/", "script-dir/", "META-INF/", "org/junit/runners/model/");
    static final List<String> FILES = List.of("Admin.html", "Admin.FilterResult.html", "Map$Entry.html",
            "Node_1.html", "package-summary.html", "package-frame.html", "package-tree.html", "package-use.html",
            "index.html", "index-all.html", "allclasses-index.html", "overview-summary.html", "help-doc.html",
            "constant-values.html", "serialized-form.html", "deprecated-list.html", "search.html", "Admin.png",
            "Admin.html.bak", "stylesheet.css");

    @Test
    void theCliRuleAgreesWithTheTestKitsOnEveryPath() {
        int types = 0;
        for (String dir : DIRECTORIES) {
            for (String file : FILES) {
                String path = dir + file;
                boolean kit = JavadocSite.isTypePage(path);
                assertEquals(kit, JavadocTruth.isTypePage(path), path);
                types += kit ? 1 : 0;
            }
        }
        assertTrue(types > 0, "some paths are type pages");
    }

    @Test
    void theRuleItself() {
        assertTrue(JavadocTruth.isTypePage("org/apache/kafka/clients/admin/Admin.html"));
        assertTrue(JavadocTruth.isTypePage("org/jsoup/nodes/Document.OutputSettings.html"));
        assertFalse(JavadocTruth.isTypePage("Admin.html"), "a root page is never a type page");
        assertFalse(JavadocTruth.isTypePage("org/jsoup/package-summary.html"));
        assertFalse(JavadocTruth.isTypePage("org/jsoup/class-use/Jsoup.html"));
        assertFalse(JavadocTruth.isTypePage("src-html/org/jsoup/Jsoup.html"));
    }
}
