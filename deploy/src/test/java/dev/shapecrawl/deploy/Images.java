package dev.shapecrawl.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code bin/images} builds, read from its sources: the service images' name pattern from
 * {@code bin/podman-env} ({@code localhost/<group>/shapecrawl-<service>:<version>}, which podman also answers to
 * as {@code <group>/shapecrawl-<service>:<version>}, the name the manifests use), the version from the root pom,
 * and the user, working directory and JVM options from {@code deploy/containers/Containerfile.service}.
 */
record Images(String group, String tag, String containerfile) {
    private static final Pattern NAME = Pattern.compile(
            "service_image\\(\\) \\{ echo \"localhost/([a-z0-9-]+)/shapecrawl-\\$1:\\$PROJECT_VERSION\"; }");

    static Images of(Path repo) {
        String env = read(repo.resolve("bin/podman-env"));
        Matcher m = NAME.matcher(env);
        if (!m.find()) {
            throw new IllegalStateException("bin/podman-env names the service images no longer as "
                    + "localhost/<group>/shapecrawl-<service>:<version>; update this check with it");
        }
        String version = Images.pomVersion(read(repo.resolve("pom.xml")));
        return new Images(m.group(1), version, read(repo.resolve("deploy/containers/Containerfile.service")));
    }

    /** The image of a service, as the manifests name it. */
    String expected(String service) {
        return group + "/shapecrawl-" + service + ":" + tag;
    }

    /** The Containerfile's {@code USER} (e.g. {@code 10001:10001}), or null. */
    String user() {
        return instruction("USER");
    }

    /** The Containerfile's {@code WORKDIR}, or null. */
    String workingDirectory() {
        return instruction("WORKDIR");
    }

    /** The value the Containerfile's {@code ENV} gives {@code name}, or null. */
    String env(String name) {
        Matcher m = Pattern.compile("\\b" + Pattern.quote(name) + "=\"([^\"]*)\"").matcher(containerfile);
        return m.find() ? m.group(1) : null;
    }

    private String instruction(String keyword) {
        Matcher m = Pattern.compile("(?m)^" + keyword + "\\s+(\\S+)\\s*$").matcher(containerfile);
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        return last;
    }

    static String pomVersion(String pom) {
        Matcher m = Pattern.compile("<version>([^<]+)</version>").matcher(pom);
        if (!m.find()) {
            throw new IllegalStateException("the root pom has no <version>");
        }
        return m.group(1).trim();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file + " cannot be read", e);
        }
    }
}
