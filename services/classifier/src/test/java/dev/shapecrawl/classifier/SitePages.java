package dev.shapecrawl.classifier;

/**
 * Two page classes of one made-up documentation site that share header, navigation and footer but differ in
 * their main template: type pages (the targets, with a member table and details of any length) and index pages
 * (lists of links). Enough for the classifier's plumbing tests; the similarity itself is evaluated on real
 * sites (docs/evaluation.md).
 */
final class SitePages {
    private SitePages() {
    }

    static String typePage(String name, int members) {
        StringBuilder rows = new StringBuilder();
        StringBuilder details = new StringBuilder();
        for (int i = 0; i < members; i++) {
            rows.append("<tr class=\"member\"><td class=\"col-name\"><a href=\"#m").append(i).append("\">member")
                    .append(i).append("</a></td><td class=\"col-desc\">Does thing ").append(i).append(".</td></tr>\n");
            details.append("<section class=\"detail\" id=\"m").append(i).append("\"><h3>member").append(i)
                    .append("</h3><div class=\"signature\"><code>void member").append(i)
                    .append("()</code></div><p class=\"block\">Long description ").append(i).append(".</p></section>\n");
        }
        return frame(name, "<main class=\"type-page\"><h1 class=\"type-name\">" + name + "</h1>"
                + "<div class=\"type-signature\"><code>public class " + name + "</code></div>"
                + "<section class=\"summary\"><table class=\"member-summary\"><tr><th>Member</th><th>Description</th></tr>\n"
                + rows + "</table></section><section class=\"details\">\n" + details + "</section></main>");
    }

    static String indexPage(String title, int entries) {
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < entries; i++) {
            items.append("<li class=\"entry\"><a href=\"T").append(i).append(".html\">Type").append(i).append("</a></li>\n");
        }
        return frame(title, "<main class=\"index-page\"><h1 class=\"title\">" + title + "</h1><ul class=\"index\">\n"
                + items + "</ul></main>");
    }

    private static String frame(String title, String main) {
        return "<!DOCTYPE html><html><head><title>" + title + "</title><link rel=\"stylesheet\" href=\"style.css\"></head>"
                + "<body><header class=\"site-header\"><nav class=\"top-nav\"><ul><li><a href=\"index.html\">Overview</a></li>"
                + "<li><a href=\"types.html\">Types</a></li><li><a href=\"help.html\">Help</a></li></ul></nav></header>\n"
                + main + "\n<footer class=\"site-footer\"><p class=\"legal\">Copyright demo</p></footer></body></html>";
    }
}
