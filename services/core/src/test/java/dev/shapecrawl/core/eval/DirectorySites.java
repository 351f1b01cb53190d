package dev.shapecrawl.core.eval;

import dev.shapecrawl.testkit.site.JavadocSite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Development sites of other generators than javadoc, read from local directories (Debian packages ship them as
 * HTML; they cannot be resolved by Maven, so they are given by system property, like the held-out PostgreSQL
 * manual). docs/evaluation.md, "Development sites of other generators", gives the packages, the commands and the
 * ground truth of each kind.
 *
 * <p>Property {@code shapecrawl.eval.dirs}: comma-separated {@code name=kind:directory}, for example
 * {@code sfml-2.5.1=doxygen:/usr/share/doc/libsfml-dev/html}. Kinds and their targets:
 * <ul>
 *   <li>{@code doxygen}: the class and struct reference pages, from the file layout: {@code class*.html} or
 *       {@code struct*.html} at the site root, not the class index {@code classes.html}, not {@code *-members.html} (the member lists) and not
 *       {@code *_source.html}; decoys are file, namespace, group, directory, member-list, index and source
 *       pages.</li>
 *   <li>{@code rustdoc}: the struct pages, from the file layout: {@code struct.<Name>.html} anywhere; redirect stubs
 *       (a meta refresh at every re-export path, no body) are dropped from the site; decoys are the module, trait, enum, function, macro, type, constant, primitive and keyword pages.</li>
 *   <li>{@code sphinx-module}: the module reference pages of a Sphinx site: HTML pages under {@code library/} that
 *       carry the anchor Sphinx emits for a {@code .. module::} directive ({@code id="module-…"}); this ground
 *       truth reads one attribute of the markup, not the file layout; decoys are every other page (chapter and
 *       toctree pages of {@code library/}, the tutorial, how-tos, language reference, C API, what's new …).</li>
 *   <li>{@code gtkdoc-refentry}: the reference pages of a gtk-doc manual (gtk-doc renders through DocBook XSL): pages
 *       whose markup carries the {@code <div … class="refentry">} of a DocBook refentry (gtk-doc writes a
 *       {@code lang} attribute before the class, so {@code docbook-refentry}'s literal test does not match); decoys
 *       are the book, part, chapter, section, index and glossary pages. Added as a held-out generator (first run of
 *       the frozen decision, docs/evaluation.md).</li>
 *   <li>{@code haddock-module}: the module pages of a Haddock site (a Haskell library's documentation): pages whose
 *       markup carries Haddock's {@code <div id="module-header">}; decoys are the contents page, the name index
 *       pages ({@code doc-index-*.html}) and the hyperlinked source pages under {@code src/}. Added as a held-out
 *       generator (second run of the frozen decision, 2026-11-27, truth fixed before the run).</li>
 *   <li>{@code qdoc-class}: the class reference pages of a QDoc site (Qt's documentation): pages whose
 *       {@code <h1 class="title">} ends in {@code " Class"} or {@code " Struct"} (QDoc writes one template for
 *       both); decoys are the member lists ({@code "List of All Members for …"}), the obsolete-member pages, the
 *       namespace, example, overview and module pages. Held out like {@code haddock-module}.</li>
 *   <li>{@code erldocgen-module}: the module reference pages of Erlang/OTP's documentation (erl_docgen): pages whose
 *       markup carries the {@code <div class="REFBODY module-body">} erl_docgen writes under a module's name; decoys
 *       are the other reference pages (commands, applications, files), the user's guide chapters, the tables of
 *       contents, the release notes and the Java API pages of jinterface (javadoc). Held out like
 *       {@code haddock-module} (third run, 2026-11-27, truth fixed before the run).</li>
 *   <li>{@code rdoc-class}: the class pages of an RDoc site (Ruby's documentation generator, its default darkfish
 *       format): pages whose {@code <body>} carries RDoc's {@code class="class"}; decoys are the module pages
 *       ({@code class="module"}, the same template), the file pages and the table of contents. Held out (fourth run,
 *       2026-11-27, truth fixed before the run).</li>
 *   <li>{@code gidocgen-method}: the method pages of a gi-docgen site (GObject libraries' reference, GNOME): gi-docgen
 *       writes one page per symbol and names it by the symbol's kind, {@code method.<Type>.<name>.html}; decoys are
 *       every other kind (class, struct, enum, constructor, function, virtual function, …) and the namespace's index
 *       and guide pages. Held out like {@code rdoc-class}.</li>
 *   <li>{@code scaladoc-type}: the class and trait pages of a Scaladoc 2 site, from the file layout: a page in a
 *       package directory whose name does not end in {@code $.html} (Scaladoc's object pages) and is not
 *       {@code package.html}, outside {@code index/} and {@code lib/}; nested types ({@code Enumeration$Val.html})
 *       count. Scaladoc writes {@code <body class="type">} on exactly these pages of the Scala 2.11 library (951 of
 *       1,317) and {@code class="value"} on the objects and packages, which share the template. Held out (sixth
 *       run, 2026-11-29, truth fixed before the run).</li>
 *   <li>{@code libxml2-module}: the API module pages of libxml2's documentation (its own XSLT, {@code newapi.xsl}):
 *       {@code html/libxml-*.html}, each titled "Module … from libxml2", except {@code html/libxml-lib.html} (the
 *       manual's contents, titled "Reference Manual for libxml2"; the only such file without the title, checked
 *       before the run); decoys are the web site's guide pages at the root and the reference manual's index pages,
 *       in the same frame. Held out like {@code scaladoc-type}.</li>
 *   <li>{@code asciidoc-manpage}: the manual pages of an AsciiDoc site (Git's documentation, {@code git-doc}): pages
 *       whose {@code <body>} carries AsciiDoc's {@code class="manpage"} (the {@code manpage} doctype: commands,
 *       file formats and concept pages alike, 195 of the 242 pages of git 2.39); decoys are the articles
 *       ({@code class="article"}: how-tos, technical notes, the guides) and the user manual. Held out (seventh run,
 *       2026-11-29, truth fixed before the run).</li>
 *   <li>{@code sphinx-autosummary}: the API pages Sphinx's autosummary generates, one per object: pages under a
 *       {@code generated/} directory whose markup carries a Python-domain object description
 *       ({@code <dl class="py …">}: function, class, method, attribute, data …; all 3,971 such pages of SciPy 1.10's
 *       reference carry one); decoys are the module overviews, the tutorial, the developer guide, the release notes
 *       and the indexes, in the same theme. Held out like {@code asciidoc-manpage}.</li>
 *   <li>{@code doxygen-title}: the class, struct and union reference pages of a Doxygen site written with
 *       {@code SHORT_NAMES} (file names {@code a00123.html}, which do not tell the kind): pages whose Doxygen title
 *       ends in "Class Reference", "Struct Reference" or "Union Reference", templates included; decoys as for
 *       {@code doxygen}. Held out (eighth run, 2026-11-29, truth fixed before the run: libpqxx's reference).</li>
 * </ul>
 */
public final class DirectorySites {

    static final String PROPERTY = "shapecrawl.eval.dirs";

    private static final Pattern DOXYGEN_TYPE = Pattern.compile("(class|struct)[^/]*\\.html");
    private static final Pattern RUSTDOC_STRUCT = Pattern.compile("(^|.*/)struct\\.[^/]+\\.html");

    private DirectorySites() {
    }

    /** The sites named by {@value #PROPERTY}, in the order given; empty if the property is unset. */
    public static List<JavadocSite> fromProperty() {
        String spec = System.getProperty(PROPERTY, "").trim();
        List<JavadocSite> out = new ArrayList<>();
        if (spec.isEmpty()) {
            return out;
        }
        for (String entry : spec.split(",")) {
            String[] nameRest = entry.trim().split("=", 2);
            String[] kindDir = nameRest[1].split(":", 2);
            out.add(load(nameRest[0], kindDir[0], Path.of(kindDir[1])));
        }
        return out;
    }

    static JavadocSite load(String name, String kind, Path root) {
        BiPredicate<Path, String> target = switch (kind) {
            case "doxygen" -> (r, path) -> isDoxygenTypePage(path);
            case "rustdoc" -> (r, path) -> RUSTDOC_STRUCT.matcher(path).matches();
            // Held-out only (the PostgreSQL manual): pages rendered from a DocBook refentry; never used to choose.
            case "docbook-refentry" -> (r, path) -> HeldOutReport.isRefentry(r.resolve(path));
            case "gtkdoc-refentry" -> (r, path) -> hasGtkDocRefentry(r.resolve(path));
            case "haddock-module" -> (r, path) -> haddockKind(path, read(r.resolve(path))).equals("module");
            case "qdoc-class" -> (r, path) -> qdocKind(read(r.resolve(path))).equals("class");
            case "erldocgen-module" -> (r, path) -> erlDocgenKind(path, read(r.resolve(path))).equals("module");
            case "sphinx-module" -> (r, path) -> path.startsWith("library/") && hasModuleAnchor(r.resolve(path));
            case "rdoc-class" -> (r, path) -> rdocKind(read(r.resolve(path))).equals("class");
            case "gidocgen-method" -> (r, path) -> giDocgenKind(path).equals("method");
            case "scaladoc-type" -> (r, path) -> isScaladocTypePage(path);
            case "libxml2-module" -> (r, path) -> path.matches("html/libxml-[^/]+\\.html")
                    && !path.equals("html/libxml-lib.html");
            case "asciidoc-manpage" -> (r, path) -> read(r.resolve(path)).contains("<body class=\"manpage\"");
            case "sphinx-autosummary" -> (r, path) -> path.contains("/generated/")
                    && read(r.resolve(path)).contains("<dl class=\"py ");
            case "doxygen-title" -> (r, path) -> DOXYGEN_TYPE_TITLE.matcher(read(r.resolve(path))).find();
            default -> throw new IllegalArgumentException("unknown site kind " + kind);
        };
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException(name + ": no directory " + root);
        }
        JavadocSite site = HeldOutReport.layoutSite(name, root, path -> target.test(root, path));
        // rustdoc writes a redirect stub (a meta refresh, no body) at every re-export path; a crawler follows the
        // redirect, and the stub is neither a target nor a page a person sees: dropped from the site.
        List<JavadocSite.Page> pages = site.pages().stream().filter(page -> !isRedirectStub(root.resolve(page.path())))
                .toList();
        return new JavadocSite(name, root, pages);
    }

    /**
     * The target page of median file size (ties by path): a sample a person might pick, the one the reports use
     * when none is given ({@code FirstRunReport}, {@code SectionLabelsReport}).
     *
     * @throws IndexOutOfBoundsException if the site has no target page
     */
    public static String medianTarget(JavadocSite site) {
        List<JavadocSite.Page> targets = site.pages().stream().filter(JavadocSite.Page::target)
                .sorted(Comparator.comparingLong((JavadocSite.Page p) -> size(site.root().resolve(p.path())))
                        .thenComparing(JavadocSite.Page::path))
                .toList();
        return targets.get(targets.size() / 2).path();
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A Scaladoc 2 class or trait page by its file layout ({@code scaladoc-type} above). */
    static boolean isScaladocTypePage(String path) {
        int slash = path.lastIndexOf('/');
        String file = path.substring(slash + 1);
        return slash > 0 && !path.startsWith("index/") && !path.startsWith("lib/") && !file.equals("package.html")
                && !file.endsWith("$.html");
    }

    /**
     * Doxygen's title of a class, struct or union page, template or not ({@code <div class="title">pqxx::connection
     * Class Reference</div>}); member lists are titled "… Member List", file pages "… File Reference".
     */
    private static final Pattern DOXYGEN_TYPE_TITLE = Pattern.compile(
            "<div class=\"title\">[^<]*(?:Class|Struct|Union)(?: Template)? Reference(?:<|\\s)");

    static boolean isDoxygenTypePage(String path) {
        return !path.contains("/") && !path.equals("classes.html") && DOXYGEN_TYPE.matcher(path).matches() && !path.endsWith("-members.html")
                && !path.endsWith("_source.html");
    }

    private static boolean isRedirectStub(Path file) {
        try {
            return Files.size(file) < 2048 && read(file).contains("http-equiv=\"refresh\"");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final Pattern GTKDOC_REFENTRY = Pattern.compile("<div( [a-z]+=\"[^\"]*\")* class=\"refentry\"");

    static boolean hasGtkDocRefentry(Path file) {
        return GTKDOC_REFENTRY.matcher(read(file)).find();
    }

    /**
     * Haddock's page kinds: a module page carries its module header, {@code src/} holds the hyperlinked sources,
     * {@code doc-index*} the name index, {@code index.html} the contents; anything else is {@code other}.
     */
    public static String haddockKind(String path, String html) {
        if (html.contains("<div id=\"module-header\">")) {
            return "module";
        }
        if (path.startsWith("src/")) {
            return "source";
        }
        if (path.startsWith("doc-index")) {
            return "name-index";
        }
        return path.equals("index.html") ? "contents" : "other";
    }

    private static final Pattern QDOC_TITLE = Pattern.compile("<h1 class=\"title\">([^<]*)</h1>");

    /**
     * QDoc's page kinds, from the title QDoc writes for each kind of topic: {@code … Class} and {@code … Struct}
     * (one template), {@code List of All Members for …}, {@code Obsolete Members for …}, {@code … Namespace},
     * {@code … Example}, a header's page ({@code <QtGlobal> - …}); any other title is an overview page.
     */
    public static String qdocKind(String html) {
        Matcher m = QDOC_TITLE.matcher(html);
        if (!m.find()) {
            return "untitled";
        }
        String title = m.group(1);
        if (title.endsWith(" Class") || title.endsWith(" Struct")) {
            return "class";
        }
        if (title.startsWith("List of All Members for ")) {
            return "members";
        }
        if (title.startsWith("Obsolete Members for ")) {
            return "obsolete";
        }
        if (title.endsWith(" Namespace")) {
            return "namespace";
        }
        if (title.endsWith(" Example")) {
            return "example";
        }
        return title.startsWith("&lt;") ? "header" : "overview";
    }

    /**
     * erl_docgen's page kinds (Erlang/OTP): a reference page (erl_docgen marks it {@code <!-- refpage -->}) is
     * {@code module} when it carries the module-name block {@code class="REFBODY module-body"}, else
     * {@code reference} (a command, an application, a file format); the Java API of jinterface (under
     * {@code /java/}, javadoc's pages) is {@code javadoc}; {@code users_guide.html} and {@code index.html} are an
     * application's tables of contents ({@code contents}), {@code notes.html} and {@code release_notes.html}
     * {@code notes}; any other page is a user's guide {@code chapter}.
     */
    public static String erlDocgenKind(String path, String html) {
        if (html.contains("<!-- refpage -->")) {
            return html.contains("class=\"REFBODY module-body\"") ? "module" : "reference";
        }
        if (path.contains("/java/")) {
            return "javadoc";
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (name.equals("users_guide.html") || name.equals("index.html")) {
            return "contents";
        }
        return name.equals("notes.html") || name.equals("release_notes.html") ? "notes" : "chapter";
    }

    /**
     * RDoc's page kinds (darkfish, RDoc's default HTML format): the kind RDoc writes as the {@code <body>}'s class
     * ({@code class}, {@code module}, {@code file}, {@code table-of-contents}); {@code other} for a page without one.
     */
    public static String rdocKind(String html) {
        Matcher m = RDOC_BODY.matcher(html);
        return m.find() ? m.group(1) : "other";
    }

    private static final Pattern RDOC_BODY = Pattern.compile("<body[^>]* class=\"([a-z-]+)\"");

    /** The symbol kinds gi-docgen names its pages by, {@code <kind>.<Type>[.<name>].html}. */
    private static final Pattern GIDOCGEN_PAGE = Pattern.compile(
            "(?:^|.*/)(alias|callback|class|class_method|const|ctor|enum|error|flags|func|iface|method|property|signal"
                    + "|struct|type_func|union|vfunc)\\.[^/]+\\.html");

    /**
     * gi-docgen's page kinds, from its file layout: the symbol kind a page is named by ({@code method}, {@code ctor},
     * {@code class}, …), {@code index} for a namespace's {@code index.html}, {@code guide} for any other page (the
     * namespace's hand-written chapters, the class hierarchy).
     */
    public static String giDocgenKind(String path) {
        Matcher m = GIDOCGEN_PAGE.matcher(path);
        if (m.matches()) {
            return m.group(1);
        }
        return path.endsWith("index.html") ? "index" : "guide";
    }

    private static boolean hasModuleAnchor(Path file) {
        return read(file).contains("id=\"module-");
    }

    /** A page's text as UTF-8, a byte that is not replaced (libxml2's pages are ISO-8859-1, which the markers
     * above do not need). */
    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
