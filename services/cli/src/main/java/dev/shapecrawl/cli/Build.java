package dev.shapecrawl.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Builds the modules the local runtime needs when their output is missing or older than their sources. */
public final class Build {
    private Build() {
    }

    /**
     * Runs {@code ./mvnw -B -q package -DskipTests -pl <modules> -am} if any present service's jar or the
     * broker's jars are missing or older than a source file of {@code services/}.
     *
     * @throws CliException if the build fails
     */
    public static void ensure(Path repo, PrintStream out) {
        List<String> modules = new ArrayList<>();
        boolean stale = !Files.isDirectory(repo.resolve("services/runtime/target/kafka-libs"));
        modules.add("services/runtime");
        for (ServiceCatalog.Service s : ServiceCatalog.present(repo)) {
            modules.add("services/" + s.name());
            Path jar = s.jar(repo);
            stale |= !Files.isRegularFile(jar) || newerSources(repo, jar);
        }
        if (!stale) {
            return;
        }
        out.println("shapecrawl: building " + String.join(", ", modules)
                + " (the first run downloads Maven and the dependencies: a few minutes)…");
        List<String> command = List.of(repo.resolve("mvnw").toString(), "-B", "-q", "package", "-DskipTests",
                "-pl", String.join(",", modules), "-am");
        try {
            int code = new ProcessBuilder(command).directory(repo.toFile()).inheritIO().start().waitFor();
            if (code != 0) {
                throw CliException.failure("the build failed (exit " + code + "); run ./mvnw -B package -DskipTests to see why");
            }
        } catch (IOException e) {
            throw CliException.failure("cannot run the Maven wrapper: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CliException.failure("interrupted during the build");
        }
    }

    private static boolean newerSources(Path repo, Path jar) {
        try (Stream<Path> files = Files.walk(repo.resolve("services"))) {
            FileTime built = Files.getLastModifiedTime(jar);
            // The CLI's own sources do not go into the services (the launcher rebuilds the CLI itself).
            Path cli = repo.resolve("services/cli");
            return files.filter(p -> !p.startsWith(cli) && p.toString().contains("/src/main/") && Files.isRegularFile(p))
                    .anyMatch(p -> {
                        try {
                            return Files.getLastModifiedTime(p).compareTo(built) > 0;
                        } catch (IOException e) {
                            return false;
                        }
                    });
        } catch (IOException e) {
            return true;
        }
    }
}
