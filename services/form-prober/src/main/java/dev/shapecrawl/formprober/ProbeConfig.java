package dev.shapecrawl.formprober;

import dev.shapecrawl.core.forms.ProbeSettings;
import dev.shapecrawl.core.lists.SwleExtractor;
import dev.shapecrawl.core.lists.SwleSettings;
import dev.shapecrawl.messaging.PrefixedSettings;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.util.Map;

/**
 * Builds the probing state holder and the result-page reader from configuration.
 *
 * <p>Probe settings are passed through by prefix, not re-declared: every property {@value #PREFIX}{@code <name>}
 * (or environment variable {@code SHAPECRAWL_FORM_PROBER_PROBE_<NAME>}) goes to {@link ProbeSettings#fromProperties},
 * which documents each name ({@link ProbeSettings#PROPERTY_NAMES}) and default and rejects unknown names and bad
 * values at startup. Result pages are read with the SWLE defaults ({@link SwleSettings#defaults()}), the same
 * extractor the extractor service runs by default.
 */
public class ProbeConfig {
    /** The prefix of the probe settings. */
    public static final String PREFIX = "shapecrawl.form-prober.probe.";
    private static final String ENV_PREFIX = "SHAPECRAWL_FORM_PROBER_PROBE_";

    private static final Logger LOG = Logger.getLogger(ProbeConfig.class);

    /**
     * The per-form probing state of this instance.
     *
     * @throws IllegalArgumentException naming the setting, on an unknown name or a bad value
     */
    @Produces
    @Singleton
    FormProbes probes(Config config) {
        ProbeSettings settings = ProbeSettings.fromProperties(probeProperties(config));
        LOG.infof("probe settings: %s", settings);
        return new FormProbes(settings);
    }

    /** The reader of result pages. */
    @Produces
    @Singleton
    ResultPages resultPages() {
        return new ResultPages(new SwleExtractor(SwleSettings.defaults()));
    }

    /** The probe settings by their short name ({@link PrefixedSettings#byShortName}). */
    static Map<String, String> probeProperties(Config config) {
        return PrefixedSettings.byShortName(config, PREFIX, ENV_PREFIX);
    }
}
