package dev.shapecrawl.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The services of the local runtime, in start order: the one place that names them. A service is started only
 * if its module exists ({@code services/<name>/pom.xml}); the others are reported as absent, so a service
 * written later joins the runtime by existing.
 */
public final class ServiceCatalog {
    /**
     * One service.
     *
     * @param name       the module's directory under {@code services/}
     * @param portOffset its HTTP port (health, metrics) is the runtime's base HTTP port plus this
     */
    public record Service(String name, int portOffset) {
        /** {@code services/<name>} under the repository. */
        public Path module(Path repo) {
            return repo.resolve("services").resolve(name);
        }

        /** The Quarkus application jar the service runs from (the one its container image carries). */
        public Path jar(Path repo) {
            return module(repo).resolve("target/quarkus-app/quarkus-run.jar");
        }

        /** Whether the module exists in this checkout. */
        public boolean present(Path repo) {
            return Files.isRegularFile(module(repo).resolve("pom.xml"));
        }
    }

    /** The web console's name (issue 22): the one service with a page for people. */
    public static final String CONSOLE = "console";

    /** Every service of the architecture, in start order (the consumers of a topic after its producers do not matter to Kafka; this order only makes logs read well). */
    public static final List<Service> ALL = List.of(
            new Service("fetcher", 1),
            new Service("classifier", 2),
            new Service("pattern", 3),
            new Service("extractor", 4),
            new Service("form-prober", 5),
            new Service(CONSOLE, 6));

    private ServiceCatalog() {
    }

    /** The services whose modules exist under {@code repo}. */
    public static List<Service> present(Path repo) {
        return ALL.stream().filter(s -> s.present(repo)).toList();
    }

    /** The services whose modules do not exist (yet) under {@code repo}. */
    public static List<Service> absent(Path repo) {
        return ALL.stream().filter(s -> !s.present(repo)).toList();
    }
}
