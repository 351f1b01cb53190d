package dev.shapecrawl.fetcher;

import dev.shapecrawl.core.fetch.FetchSettings;
import dev.shapecrawl.core.fetch.Fetcher;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the core fetch engine from configuration and closes it on shutdown.
 *
 * <p>Settings are passed through by prefix, not re-declared: every property {@value #PREFIX}{@code <name>}
 * (or environment variable {@code SHAPECRAWL_FETCHER_ENGINE_<NAME>}) goes to
 * {@link FetchSettings#fromProperties}, which documents each name and default and rejects unknown names and
 * bad values, so a typo fails the start instead of being ignored.
 */
public class FetchEngine {
    /** The prefix of the engine's settings. */
    public static final String PREFIX = "shapecrawl.fetcher.engine.";
    private static final String ENV_PREFIX = "SHAPECRAWL_FETCHER_ENGINE_";
    /** How long shutdown waits for fetches in flight; unfinished requests are redelivered after a restart. */
    static final long CLOSE_TIMEOUT_MS = 10_000;

    private static final Logger LOG = Logger.getLogger(FetchEngine.class);

    @Produces
    @Singleton
    Fetcher fetcher(Config config, FetcherMetrics metrics) {
        FetchSettings settings = FetchSettings.fromProperties(engineProperties(config));
        LOG.infof("fetch engine: %s", settings);
        Fetcher fetcher = new Fetcher(settings, metrics);
        metrics.queueDepthsFrom(fetcher::queueDepths);
        return fetcher;
    }

    void close(@Disposes Fetcher fetcher) {
        if (!fetcher.close(CLOSE_TIMEOUT_MS)) {
            LOG.warnf("fetches still running after %d ms at shutdown; their requests will be redelivered",
                    CLOSE_TIMEOUT_MS);
        }
    }

    /**
     * The engine's settings by their short name ({@code politeness-delay-ms}), from properties and the
     * environment. Setting names never contain dots or underscores, so both spellings an environment
     * variable can take on the way in ({@code ..._ALLOWED_ADDRESSES} read back as {@code allowed.addresses} or
     * {@code allowed_addresses}) fold to the one name.
     */
    static Map<String, String> engineProperties(Config config) {
        Map<String, String> props = new TreeMap<>();
        for (String name : config.getPropertyNames()) {
            String key;
            if (name.startsWith(PREFIX)) {
                key = name.substring(PREFIX.length());
            } else if (name.startsWith(ENV_PREFIX)) {
                key = name.substring(ENV_PREFIX.length());
            } else {
                continue;
            }
            String shortName = key.toLowerCase(Locale.ROOT).replace('_', '-').replace('.', '-');
            config.getOptionalValue(name, String.class).ifPresent(v -> props.put(shortName, v));
        }
        return props;
    }
}
