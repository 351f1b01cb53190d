package dev.shapecrawl.testkit.site;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A javadoc site unpacked from a Maven Central {@code -javadoc} jar, with its ground truth taken from the file
 * layout alone (never from a classifier).
 *
 * <p>Target = a type page: {@code <package path>/<TypeName>.html}, that is an HTML file inside a package
 * directory (not at the site root) whose name starts with an upper-case letter, outside the {@code class-use/},
 * {@code src-html/}, {@code doc-files/}, {@code legal/}, {@code resources/}, {@code script-dir/} and
 * {@code META-INF/} trees. Checked on every generation in the evaluation (javadoc 6 to 21): every other HTML file
 * in a package directory is {@code package-summary/-frame/-tree/-use.html}; class names start upper-case. Decoys =
 * every other HTML page: package pages, class-use pages, source views, and the root pages (index, frames, tree,
 * help, deprecated, constant values, serialized form, all-classes/all-packages, index-all, search).
 *
 * @param name  the site's name, for example {@code kafka-clients-4.1.1}
 * @param root  the unpacked directory
 * @param pages every HTML page, sorted by path
 */
public record JavadocSite(String name, Path root, List<Page> pages) {

    private static final Pattern EXCLUDED_DIRECTORY =
            Pattern.compile("(^|/)(class-use|src-html|doc-files|legal|resources|script-dir|META-INF)/");
    private static final Pattern TYPE_FILE = Pattern.compile("[A-Z][A-Za-z0-9_$.]*\\.html");

    /**
     * @param path   the path relative to the site root, with {@code /}
     * @param target whether it is a type page
     */
    public record Page(String path, boolean target) {
    }

    /** Whether a site-relative path is a type page, from the layout alone. */
    public static boolean isTypePage(String path) {
        int slash = path.lastIndexOf('/');
        if (slash < 0 || EXCLUDED_DIRECTORY.matcher(path).find()) {
            return false;
        }
        return TYPE_FILE.matcher(path.substring(slash + 1)).matches();
    }

    /** Every HTML page under {@code root}, with its ground truth. */
    public static JavadocSite load(Path root) {
        List<Page> pages = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .map(file -> root.relativize(file).toString().replace('\\', '/'))
                    .filter(path -> path.endsWith(".html") && !path.startsWith("META-INF/"))
                    .sorted(Comparator.naturalOrder())
                    .forEach(path -> pages.add(new Page(path, isTypePage(path))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new JavadocSite(root.getFileName().toString(), root, List.copyOf(pages));
    }

    /** The sites under a directory (one sub-directory each), sorted by name. */
    public static List<JavadocSite> loadAll(Path directory) {
        try (Stream<Path> dirs = Files.list(directory)) {
            return dirs.filter(Files::isDirectory).sorted().map(JavadocSite::load).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
