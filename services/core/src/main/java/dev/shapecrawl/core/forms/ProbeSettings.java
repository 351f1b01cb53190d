package dev.shapecrawl.core.forms;

import dev.shapecrawl.core.config.SettingValues;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Form probing's configuration: the seed's parameters (Moraes 2013, spec §8; Vidal 2006 §4.2, spec §6.4) and the
 * two additions beyond the seed (the stagnation stop rule and under-full pages in the distinctness filter).
 *
 * @param mode               TP, ITP or ITTP (spec §3.5) [ITP: the best coverage of the three, thesis Table 5.6]
 * @param maxOrder           the largest template order, 1..3 (thesis after Madhavan et al.: higher orders rarely
 *                           return data) [3]
 * @param kUpTo3             the cap k per template for forms of at most 3 relevant fields [800] (thesis §4.4)
 * @param k4                 the cap k for forms of 4 relevant fields [600] (thesis §4.4)
 * @param k5OrMore           the cap k for forms of 5 or more relevant fields [400] (thesis §4.4)
 * @param strategy           how the k instances are chosen [FIRST, the thesis's main experiments]
 * @param seed               the seed of {@link StaticSelection#RANDOM} (mixed with each template's name) [0]
 * @param tau                τ, the template distinctness threshold of TP/ITTP, 0..1, compared with {@code >=}
 *                           [0.25: not given by the thesis; Madhavan et al. 2008 fix it experimentally, spec §2.6
 *                           and §8 recall 0.25 ("original paper, verify")]
 * @param gate               which informative sub-templates TP/ITTP need [ALL_SUBTEMPLATES_INFORMATIVE, the thesis]
 * @param textValues         where text-box values come from [TF_IDF, Moraes 2013 §4.2]
 * @param tfidfTokens        p, the number of TF-IDF tokens used as text values, >= 1 [50] (thesis, after Madhavan)
 * @param leastFrequentTerms the number of least frequent terms used as text values, >= 1 [15] (Vidal 2006 §4.2)
 * @param stagnationWindow   W: stop when the last W submissions added no new distinct record; 0 = off (the
 *                           thesis's proposed stop rule, §5.2.2 and chapter 6, never built and given no values)
 *                           [0 in {@link #faithful()}; {@value #DEFAULT_STAGNATION_WINDOW} in {@link #defaults()},
 *                           measured in {@code FormProberSimulationTest}: on its 5,000-record backend ITP
 *                           keeps 99.5% of its coverage with 85.8% of its submissions; W 25 stops during the
 *                           order-1 templates (6% coverage), W 200 never fires]
 * @param stagnationMinNewRecords the stagnation rule fires when the last W submissions added fewer new records
 *                           than this, >= 1; 1 is the thesis's "no new record" [1]
 * @param templateStagnationWindow Wt: leave a template (skip its remaining instances, go on with the next one) when
 *                           its last Wt submissions added no new distinct record; 0 = off. Beyond the seed: the
 *                           thesis's stop rule applied per template rather than per probe, because a template's
 *                           plateau does not mean the next template's (thesis §5.2.2: ITP "escapes plateaus
 *                           quickly" when it moves to new templates), and on the hidden-web site a global W = 100
 *                           stopped inside a template that returned nothing new (from&amp;to) before reaching a
 *                           productive one ({@code docs/evaluation.md}, "Form probing: ITP (issue 7)")
 *                           [0 in {@link #faithful()} and {@link #defaults()}]
 * @param coverUnderfull     the distinctness filter may also choose under-full (non-empty, non-informative)
 *                           instances, so that the output covers every record seen (spec §3.7 recommendation)
 *                           [false in {@link #faithful()}, true in {@link #defaults()}]
 * @param maxSubmissions     the most submissions for one form, broad submission included, >= 1; a safety bound
 *                           (Madhavan et al. cap URLs per form; spec §2.6) [20,000, above the thesis's largest run,
 *                           12,981]
 * @param presentationFields names of presentation fields (results per page, sort order…), kept at their default
 *                           value; from configuration, as in the thesis (§1.3) [none]
 */
public record ProbeSettings(ProbeMode mode, int maxOrder, int kUpTo3, int k4, int k5OrMore,
                            StaticSelection strategy, long seed, double tau, TemplateGate gate,
                            TextValueSource textValues, int tfidfTokens, int leastFrequentTerms,
                            int stagnationWindow, int stagnationMinNewRecords, int templateStagnationWindow,
                            boolean coverUnderfull,
                            int maxSubmissions,
                            Set<String> presentationFields) {

    /** W of {@link #defaults()}; see the measurements in {@code FormProberSimulationTest}. */
    public static final int DEFAULT_STAGNATION_WINDOW = 100;

    /** Minimum new records in the window of {@link #defaults()}; see {@code FormProberSimulationTest}. */
    public static final int DEFAULT_STAGNATION_MIN_NEW_RECORDS = 1;

    /** Names of the properties {@link #fromProperties(Map)} reads, without prefix. */
    public static final List<String> PROPERTY_NAMES = List.of("mode", "max-order", "k-up-to-3", "k-4",
            "k-5-or-more", "strategy", "seed", "tau", "gate", "text-values", "tfidf-tokens", "least-frequent-terms",
            "stagnation-window",
            "stagnation-min-new-records", "template-stagnation-window", "cover-underfull", "max-submissions",
            "presentation-fields");

    /** @throws IllegalArgumentException naming the parameter on a value out of range */
    public ProbeSettings {
        if (mode == null || strategy == null || gate == null || textValues == null) {
            throw new IllegalArgumentException("mode, strategy, gate and textValues are required");
        }
        if (maxOrder < 1 || maxOrder > 3) {
            throw new IllegalArgumentException("max-order: must be 1..3, was " + maxOrder);
        }
        positive("k-up-to-3", kUpTo3);
        positive("k-4", k4);
        positive("k-5-or-more", k5OrMore);
        if (!(tau >= 0 && tau <= 1)) {
            throw new IllegalArgumentException("tau: must be in [0, 1], was " + tau);
        }
        positive("tfidf-tokens", tfidfTokens);
        positive("least-frequent-terms", leastFrequentTerms);
        if (stagnationWindow < 0) {
            throw new IllegalArgumentException("stagnation-window: must be >= 0 (0 = off), was " + stagnationWindow);
        }
        positive("stagnation-min-new-records", stagnationMinNewRecords);
        if (templateStagnationWindow < 0) {
            throw new IllegalArgumentException("template-stagnation-window: must be >= 0 (0 = off), was "
                    + templateStagnationWindow);
        }
        positive("max-submissions", maxSubmissions);
        presentationFields = Set.copyOf(presentationFields);
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + ": must be >= 1, was " + value);
        }
    }

    /** The thesis's setting: ITP, order 3, k 800/600/400, k-first, τ 0.25, p 50, no stagnation stop. */
    public static ProbeSettings faithful() {
        return new ProbeSettings(ProbeMode.ITP, 3, 800, 600, 400, StaticSelection.FIRST, 0, 0.25,
                TemplateGate.ALL_SUBTEMPLATES_INFORMATIVE, TextValueSource.TF_IDF, 50, 15, 0, 1, 0, false, 20_000,
                Set.of());
    }

    /** shapecrawl's default: {@link #faithful()} with the stagnation stop (W = 100) and under-full cover on. */
    public static ProbeSettings defaults() {
        return faithful().withStagnationWindow(DEFAULT_STAGNATION_WINDOW).withCoverUnderfull(true);
    }

    /**
     * The cap k for a form of {@code relevantFields} probed fields (thesis §4.4: 800 for ≤ 3, 600 for 4, 400 for
     * ≥ 5).
     */
    public int k(int relevantFields) {
        return relevantFields <= 3 ? kUpTo3 : relevantFields == 4 ? k4 : k5OrMore;
    }

    /** A copy with another mode. */
    public ProbeSettings withMode(ProbeMode m) {
        return new ProbeSettings(m, maxOrder, kUpTo3, k4, k5OrMore, strategy, seed, tau, gate, textValues,
                tfidfTokens, leastFrequentTerms, stagnationWindow, stagnationMinNewRecords, templateStagnationWindow, coverUnderfull,
                maxSubmissions, presentationFields);
    }

    /** A copy with another static selection strategy and seed. */
    public ProbeSettings withStrategy(StaticSelection s, long newSeed) {
        return new ProbeSettings(mode, maxOrder, kUpTo3, k4, k5OrMore, s, newSeed, tau, gate, textValues,
                tfidfTokens, leastFrequentTerms, stagnationWindow, stagnationMinNewRecords, templateStagnationWindow, coverUnderfull,
                maxSubmissions, presentationFields);
    }

    /** A copy with another stagnation window (0 = off). */
    public ProbeSettings withStagnationWindow(int w) {
        return new ProbeSettings(mode, maxOrder, kUpTo3, k4, k5OrMore, strategy, seed, tau, gate, textValues,
                tfidfTokens, leastFrequentTerms, w, stagnationMinNewRecords, templateStagnationWindow, coverUnderfull,
                maxSubmissions, presentationFields);
    }

    /** A copy with another stagnation rule: window W (0 = off) and minimum new records in it. */
    public ProbeSettings withStagnation(int w, int minNew) {
        return new ProbeSettings(mode, maxOrder, kUpTo3, k4, k5OrMore, strategy, seed, tau, gate, textValues,
                tfidfTokens, leastFrequentTerms, w, minNew, templateStagnationWindow, coverUnderfull, maxSubmissions, presentationFields);
    }

    /** A copy with the per-template stagnation window Wt (0 = off). */
    public ProbeSettings withTemplateStagnationWindow(int wt) {
        return new ProbeSettings(mode, maxOrder, kUpTo3, k4, k5OrMore, strategy, seed, tau, gate, textValues,
                tfidfTokens, leastFrequentTerms, stagnationWindow, stagnationMinNewRecords, wt, coverUnderfull,
                maxSubmissions, presentationFields);
    }

    /** A copy with under-full cover on or off. */
    public ProbeSettings withCoverUnderfull(boolean on) {
        return new ProbeSettings(mode, maxOrder, kUpTo3, k4, k5OrMore, strategy, seed, tau, gate, textValues,
                tfidfTokens, leastFrequentTerms, stagnationWindow, stagnationMinNewRecords, templateStagnationWindow, on,
                maxSubmissions, presentationFields);
    }

    /** A copy with the given caps k (≤ 3, 4, ≥ 5 fields). */
    public ProbeSettings withCaps(int upTo3, int four, int fiveOrMore) {
        return new ProbeSettings(mode, maxOrder, upTo3, four, fiveOrMore, strategy, seed, tau, gate, textValues,
                tfidfTokens, leastFrequentTerms, stagnationWindow, stagnationMinNewRecords, templateStagnationWindow, coverUnderfull,
                maxSubmissions, presentationFields);
    }

    /** A copy with another text-value source. */
    public ProbeSettings withTextValues(TextValueSource source) {
        return new ProbeSettings(mode, maxOrder, kUpTo3, k4, k5OrMore, strategy, seed, tau, gate, source,
                tfidfTokens, leastFrequentTerms, stagnationWindow, stagnationMinNewRecords, templateStagnationWindow, coverUnderfull,
                maxSubmissions, presentationFields);
    }

    /** A copy with the given presentation fields. */
    public ProbeSettings withPresentationFields(Set<String> names) {
        return new ProbeSettings(mode, maxOrder, kUpTo3, k4, k5OrMore, strategy, seed, tau, gate, textValues,
                tfidfTokens, leastFrequentTerms, stagnationWindow, stagnationMinNewRecords, templateStagnationWindow, coverUnderfull,
                maxSubmissions, names);
    }

    /**
     * Settings from properties named as in {@link #PROPERTY_NAMES} (without prefix), starting from
     * {@link #defaults()}. Enum values are case-insensitive ({@code itp}, {@code all-values} or {@code ALL_VALUES});
     * {@code presentation-fields} is a comma-separated list of field names, each optionally {@code name=value} to pin
     * the field at that value ({@link ProbeForm#of}).
     *
     * @throws IllegalArgumentException naming the property on an unknown name or a bad value
     */
    public static ProbeSettings fromProperties(Map<String, String> p) {
        for (String key : p.keySet()) {
            if (!PROPERTY_NAMES.contains(key)) {
                throw new IllegalArgumentException("unknown form-probing setting '" + key + "'; known: "
                        + PROPERTY_NAMES);
            }
        }
        ProbeSettings d = defaults();
        Set<String> presentation = d.presentationFields;
        if (p.containsKey("presentation-fields")) {
            presentation = new TreeSet<>();
            for (String name : p.get("presentation-fields").split(",")) {
                if (!name.isBlank()) {
                    presentation.add(name.strip());
                }
            }
        }
        return new ProbeSettings(
                enumOr(p, "mode", ProbeMode.class, d.mode),
                intOr(p, "max-order", d.maxOrder), intOr(p, "k-up-to-3", d.kUpTo3), intOr(p, "k-4", d.k4),
                intOr(p, "k-5-or-more", d.k5OrMore),
                enumOr(p, "strategy", StaticSelection.class, d.strategy),
                p.containsKey("seed") ? SettingValues.wholeNumber("seed", p.get("seed")) : d.seed,
                p.containsKey("tau") ? SettingValues.number("tau", p.get("tau")) : d.tau,
                enumOr(p, "gate", TemplateGate.class, d.gate),
                enumOr(p, "text-values", TextValueSource.class, d.textValues),
                intOr(p, "tfidf-tokens", d.tfidfTokens), intOr(p, "least-frequent-terms", d.leastFrequentTerms),
                intOr(p, "stagnation-window", d.stagnationWindow),
                intOr(p, "stagnation-min-new-records", d.stagnationMinNewRecords),
                intOr(p, "template-stagnation-window", d.templateStagnationWindow),
                p.containsKey("cover-underfull") ? SettingValues.bool("cover-underfull", p.get("cover-underfull"))
                        : d.coverUnderfull,
                intOr(p, "max-submissions", d.maxSubmissions), presentation);
    }

    private static int intOr(Map<String, String> p, String key, int dflt) {
        return p.containsKey(key) ? SettingValues.intNumber(key, p.get(key)) : dflt;
    }

    private static <E extends Enum<E>> E enumOr(Map<String, String> p, String key, Class<E> type, E dflt) {
        if (!p.containsKey(key)) {
            return dflt;
        }
        String v = p.get(key).strip().replace('-', '_').toUpperCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(v)) {
                return e;
            }
        }
        throw new IllegalArgumentException(key + ": unknown '" + p.get(key) + "'; known: "
                + Arrays.toString(type.getEnumConstants()));
    }
}
