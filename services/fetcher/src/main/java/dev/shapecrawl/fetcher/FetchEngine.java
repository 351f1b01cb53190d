package dev.shapecrawl.fetcher;

import dev.shapecrawl.core.fetch.FetchSettings;
import dev.shapecrawl.core.fetch.Fetcher;
import dev.shapecrawl.messaging.PrefixedSettings;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.util.Map;

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

    /** The engine settings by their short name ({@link PrefixedSettings#byShortName}). */
    static Map<String, String> engineProperties(Config config) {
        return PrefixedSettings.byShortName(config, PREFIX, ENV_PREFIX);
    }
}
