package dev.shapecrawl.core.page;

import dev.shapecrawl.core.config.SettingValues;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything page analysis can be tuned with: mostly bounds, so that a hostile or merely enormous page yields a
 * bounded result (one {@code page-classified} event carries it, and its topic takes messages up to 16 MiB).
 * Immutable;
 * {@link #defaults()} gives the production defaults, {@link #builder()} / {@link #toBuilder()} modified
 * copies. The constructor validates every field and throws {@link IllegalArgumentException} naming the
 * setting and the rule broken.
 *
 * <p>Sizes are in characters (UTF-16 code units, as Java strings count them).
 *
 * @param maxLinks           distinct outlinks kept per page, >= 0 (0: no outlinks). Default 10,000. Link
 *                           elements from the first one that does not fit onwards are not examined and are
 *                           counted in {@link PageAnalysis#linksDropped()}: a page with a million links must not
 *                           make a million events.
 * @param maxLinkChars       characters of outlink URLs plus anchor texts kept per page, >= 1. Default 4,000,000
 *                           (about 4 MB of JSON for ASCII URLs: a quarter of the topic's message limit). The
 *                           link count alone does not bound this, because a long base URL turns every short
 *                           relative href into a long absolute URL (10,000 × 8,192 characters would be 80 MB).
 *                           Links past it are dropped and counted like those past {@code maxLinks}.
 * @param followNofollow     whether links the author marked {@code rel="nofollow"}, and every link of a page
 *                           whose {@code <meta name="robots">} says {@code nofollow} or {@code none}, are kept.
 *                           Default false: such links are left out, as StormCrawler's parser does by default
 *                           ({@code robots.noFollow.strict: true}); the author asked crawlers not to follow them,
 *                           and they lead to login, sign-up, comment and advertising pages far more often than
 *                           to content. Forms are kept either way.
 *                           {@code rel="ugc"} and {@code rel="sponsored"} are not treated as nofollow.
 * @param maxTextChars       characters kept of an anchor text, a field label or an option label, 1..100,000.
 *                           Default 200. Text just before a field longer than this is not taken as its label. Values (hidden fields, option values, defaults) are never cut: cutting
 *                           would change what a submission sends.
 * @param maxForms           forms analysed per page, >= 0 (0: no forms), the first ones in document order.
 *                           Default 100 (a listing page can carry an "add to cart" form per product). The
 *                           rest are counted in {@link PageAnalysis#formsDropped()}.
 * @param maxFieldsPerForm   fields kept per form, >= 1, in document order (a radio or checkbox group is one
 *                           field). Default 500 (an ASP.NET page wraps the whole page in one form).
 * @param maxOptionsPerField options kept per select, radio group or checkbox group, >= 1, in document order.
 *                           Default 1,000 (a country list has about 250).
 * @param scriptLinks        whether the scripts a page loads ({@code <script src>}) are among its outlinks, and a
 *                           fetched script's string literals that name pages are its outlinks ({@link ScriptLinks}).
 *                           Default true: a Doxygen main page links its class and file indexes only from
 *                           {@code menudata.js}, so without them a crawl from the main page sees the main page's
 *                           text and nothing of the reference (docs/navigation.md "Links in scripts"). Heritrix
 *                           extracts links from scripts the same way ({@code ExtractorJS}); Nutch's
 *                           {@code parse-js} is optional. Each distinct script is one request per job.
 */
public record PageAnalysisSettings(int maxLinks, long maxLinkChars, boolean followNofollow, int maxTextChars,
                                   int maxForms, int maxFieldsPerForm, int maxOptionsPerField,
                                   boolean scriptLinks) {

    /** Default of {@link #maxLinks()}. */
    public static final int DEFAULT_MAX_LINKS = 10_000;
    /** Default of {@link #maxLinkChars()}. */
    public static final long DEFAULT_MAX_LINK_CHARS = 4_000_000;
    /** Default of {@link #maxTextChars()}. */
    public static final int DEFAULT_MAX_TEXT_CHARS = 200;
    /** The largest {@link #maxTextChars()} accepted: a label or anchor text longer than this is not one. */
    public static final int MAX_TEXT_CHARS_LIMIT = 100_000;
    /** Default of {@link #maxForms()}. */
    public static final int DEFAULT_MAX_FORMS = 100;
    /** Default of {@link #maxFieldsPerForm()}. */
    public static final int DEFAULT_MAX_FIELDS_PER_FORM = 500;
    /** Default of {@link #maxOptionsPerField()}. */
    public static final int DEFAULT_MAX_OPTIONS_PER_FIELD = 1_000;

    /** The names {@link #fromProperties} understands, in component order. */
    public static final List<String> PROPERTY_NAMES = List.of("max-links", "max-link-chars", "follow-nofollow",
            "max-text-chars", "max-forms", "max-fields-per-form", "max-options-per-field", "script-links");

    /**
     * Validates every setting.
     *
     * @throws IllegalArgumentException naming the first invalid setting and the rule broken
     */
    public PageAnalysisSettings {
        atLeast("maxLinks", maxLinks, 0);
        atLeast("maxLinkChars", maxLinkChars, 1);
        atLeast("maxTextChars", maxTextChars, 1);
        if (maxTextChars > MAX_TEXT_CHARS_LIMIT) {
            throw new IllegalArgumentException("maxTextChars: must be <= " + MAX_TEXT_CHARS_LIMIT + ", was "
                    + maxTextChars);
        }
        atLeast("maxForms", maxForms, 0);
        atLeast("maxFieldsPerForm", maxFieldsPerForm, 1);
        atLeast("maxOptionsPerField", maxOptionsPerField, 1);
    }

    /** The production defaults, as documented on each component. */
    public static PageAnalysisSettings defaults() {
        return new PageAnalysisSettings(DEFAULT_MAX_LINKS, DEFAULT_MAX_LINK_CHARS, false, DEFAULT_MAX_TEXT_CHARS,
                DEFAULT_MAX_FORMS, DEFAULT_MAX_FIELDS_PER_FORM, DEFAULT_MAX_OPTIONS_PER_FIELD, true);
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return new Builder(defaults());
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Settings from configuration properties, for the services: the kebab-case names in
     * {@link #PROPERTY_NAMES} ({@code max-links}, {@code follow-nofollow}, …); values are trimmed, numbers may
     * use {@code _} separators, booleans are {@code true} or {@code false}. An absent name keeps its default.
     *
     * @param properties setting name to value; not null
     * @return the validated settings
     * @throws IllegalArgumentException for an unknown name (a typo must not be silently ignored), a value that
     *                                  does not parse, or a value the constructor refuses
     */
    public static PageAnalysisSettings fromProperties(Map<String, String> properties) {
        Builder b = builder();
        for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
            String name = e.getKey();
            String v = e.getValue() == null ? "" : e.getValue().strip();
            switch (name) {
                case "max-links" -> b.maxLinks(SettingValues.intNumber(name, v));
                case "max-link-chars" -> b.maxLinkChars(SettingValues.wholeNumber(name, v));
                case "follow-nofollow" -> b.followNofollow(SettingValues.bool(name, v));
                case "max-text-chars" -> b.maxTextChars(SettingValues.intNumber(name, v));
                case "max-forms" -> b.maxForms(SettingValues.intNumber(name, v));
                case "max-fields-per-form" -> b.maxFieldsPerForm(SettingValues.intNumber(name, v));
                case "max-options-per-field" -> b.maxOptionsPerField(SettingValues.intNumber(name, v));
                case "script-links" -> b.scriptLinks(SettingValues.bool(name, v));
                default -> throw new IllegalArgumentException(name + ": unknown page analysis setting; known: "
                        + PROPERTY_NAMES);
            }
        }
        return b.build();
    }

    private static void atLeast(String name, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(name + ": must be >= " + min + ", was " + value);
        }
    }

    /** Mutable builder of {@link PageAnalysisSettings}; {@link #build()} validates. Setters are named like the fields. */
    public static final class Builder {
        private int maxLinks;
        private long maxLinkChars;
        private boolean followNofollow;
        private int maxTextChars;
        private int maxForms;
        private int maxFieldsPerForm;
        private int maxOptionsPerField;
        private boolean scriptLinks;

        private Builder(PageAnalysisSettings s) {
            maxLinks = s.maxLinks;
            maxLinkChars = s.maxLinkChars;
            followNofollow = s.followNofollow;
            maxTextChars = s.maxTextChars;
            maxForms = s.maxForms;
            maxFieldsPerForm = s.maxFieldsPerForm;
            maxOptionsPerField = s.maxOptionsPerField;
            scriptLinks = s.scriptLinks;
        }

        /** See {@link PageAnalysisSettings#maxLinks()}. */
        public Builder maxLinks(int v) {
            maxLinks = v;
            return this;
        }

        /** See {@link PageAnalysisSettings#maxLinkChars()}. */
        public Builder maxLinkChars(long v) {
            maxLinkChars = v;
            return this;
        }

        /** See {@link PageAnalysisSettings#followNofollow()}. */
        public Builder followNofollow(boolean v) {
            followNofollow = v;
            return this;
        }

        /** See {@link PageAnalysisSettings#maxTextChars()}. */
        public Builder maxTextChars(int v) {
            maxTextChars = v;
            return this;
        }

        /** See {@link PageAnalysisSettings#maxForms()}. */
        public Builder maxForms(int v) {
            maxForms = v;
            return this;
        }

        /** See {@link PageAnalysisSettings#maxFieldsPerForm()}. */
        public Builder maxFieldsPerForm(int v) {
            maxFieldsPerForm = v;
            return this;
        }

        /** See {@link PageAnalysisSettings#maxOptionsPerField()}. */
        public Builder maxOptionsPerField(int v) {
            maxOptionsPerField = v;
            return this;
        }

        /** See {@link PageAnalysisSettings#scriptLinks()}. */
        public Builder scriptLinks(boolean v) {
            scriptLinks = v;
            return this;
        }

        /**
         * The settings.
         *
         * @throws IllegalArgumentException if a value is invalid (see the record's components)
         */
        public PageAnalysisSettings build() {
            return new PageAnalysisSettings(maxLinks, maxLinkChars, followNofollow, maxTextChars, maxForms,
                    maxFieldsPerForm, maxOptionsPerField, scriptLinks);
        }
    }
}
