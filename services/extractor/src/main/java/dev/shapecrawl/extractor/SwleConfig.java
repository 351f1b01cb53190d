package dev.shapecrawl.extractor;

import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import dev.shapecrawl.messaging.PrefixedSettings;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.util.Map;

/**
 * Builds the core SWLE extractor from configuration.
 *
 * <p>Settings are passed through by prefix, not re-declared: every property {@value #PREFIX}{@code <name>} (or
 * environment variable {@code SHAPECRAWL_EXTRACTOR_SWLE_<NAME>}) goes to {@link SwleSettings#fromProperties},
 * which documents each name ({@link SwleSettings#PROPERTY_NAMES}) and default and rejects unknown names and bad
 * values. The extractor is built when the consumer is, at start ({@code @Startup}), so a typo fails the start
 * instead of every page.
 */
public class SwleConfig {
    /** The prefix of the SWLE settings. */
    public static final String PREFIX = "shapecrawl.extractor.swle.";
    private static final String ENV_PREFIX = "SHAPECRAWL_EXTRACTOR_SWLE_";

    private static final Logger LOG = Logger.getLogger(SwleConfig.class);

    /**
     * The extractor every page is run through.
     *
     * @throws IllegalArgumentException naming the setting, on an unknown name or a bad value
     */
    @Produces
    @Singleton
    SwleExtractor extractor(Config config) {
        SwleSettings settings = SwleSettings.fromProperties(swleProperties(config));
        LOG.infof("SWLE settings %s: %s", settings.name(), settings);
        return new SwleExtractor(settings);
    }

    /** The SWLE settings by their short name ({@link PrefixedSettings#byShortName}). */
    static Map<String, String> swleProperties(Config config) {
        return PrefixedSettings.byShortName(config, PREFIX, ENV_PREFIX);
    }
}
