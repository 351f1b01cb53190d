package dev.shapecrawl.messaging;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.config.Config;

/**
 * Settings passed through by prefix, the same way in every service (debezium-server style): a core settings
 * record is configured from every property {@code <prefix><name>} or environment variable
 * {@code <ENV_PREFIX><NAME>}, by the record's own short names, instead of re-declaring each setting here.
 */
public final class PrefixedSettings {
    private PrefixedSettings() {
    }

    /**
     * The settings under a prefix, by short name ({@code politeness-delay-ms}). Setting names never contain dots or
     * underscores, so both spellings an environment variable can take on the way in ({@code ..._ALLOWED_ADDRESSES}
     * read back as {@code allowed.addresses} or {@code allowed_addresses}) fold to the one name.
     *
     * @param config    the configuration
     * @param prefix    the property prefix, ending in a dot, e.g. {@code shapecrawl.fetcher.engine.}
     * @param envPrefix the environment-variable prefix, ending in an underscore, e.g. {@code SHAPECRAWL_FETCHER_ENGINE_}
     * @return short name → value, sorted
     */
    public static Map<String, String> byShortName(Config config, String prefix, String envPrefix) {
        Map<String, String> props = new TreeMap<>();
        for (String name : config.getPropertyNames()) {
            String key;
            if (name.startsWith(prefix)) {
                key = name.substring(prefix.length());
            } else if (name.startsWith(envPrefix)) {
                key = name.substring(envPrefix.length());
            } else {
                continue;
            }
            String shortName = key.toLowerCase(Locale.ROOT).replace('_', '-').replace('.', '-');
            config.getOptionalValue(name, String.class).ifPresent(v -> props.put(shortName, v));
        }
        return props;
    }
}
