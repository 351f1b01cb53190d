package dev.shapecrawl.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The ground truth of a javadoc site from its file layout alone: its type pages are the targets. The same rule
 * as the test kit's {@code JavadocSite.isTypePage} (checked against it by the CLI's {@code JavadocTruthTest});
 * repeated here because the CLI does not carry the test kit.
 *
 * @param root      the unpacked site
 * @param typePages the site-relative paths of its type pages, sorted
 */
public record JavadocTruth(Path root, List<String> typePages) {
    private static final Pattern EXCLUDED_DIRECTORY =
            Pattern.compile("(^|/)(class-use|src-html|doc-files|legal|resources|script-dir|META-INF)/");
    private static final Pattern TYPE_FILE = Pattern.compile("[A-Z][A-Za-z0-9_$.]*\\.html");

    /** Whether a site-relative path ({@code org/apache/kafka/clients/admin/Admin.html}) is a type page. */
    public static boolean isTypePage(String path) {
        int slash = path.lastIndexOf('/');
        if (slash < 0 || EXCLUDED_DIRECTORY.matcher(path).find()) {
            return false;
        }
        return TYPE_FILE.matcher(path.substring(slash + 1)).matches();
    }

    /** The type pages under {@code root}. */
    public static JavadocTruth load(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            List<String> types = files.filter(Files::isRegularFile)
                    .map(f -> root.relativize(f).toString().replace('\\', '/'))
                    .filter(p -> p.endsWith(".html") && isTypePage(p)).sorted().toList();
            return new JavadocTruth(root, types);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The sample a person would pick: the type page of median file size (ties by path), an ordinary class page,
     * neither a tiny annotation nor the largest class (as the end-to-end test picks it).
     *
     * @throws CliException if the site has no type page
     */
    public String medianTypePage() {
        if (typePages.isEmpty()) {
            throw CliException.failure("no type page under " + root);
        }
        List<String> bySize = typePages.stream()
                .sorted(Comparator.comparingLong((String p) -> size(root.resolve(p))).thenComparing(p -> p)).toList();
        return bySize.get((bySize.size() - 1) / 2);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
