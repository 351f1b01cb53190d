package dev.shapecrawl.core.lists;

import dev.shapecrawl.core.config.SettingValues;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.Map;

/**
 * SWLE's configuration: the thesis's five variables (Agostinho 2015 §4.3, Table 1; spec §6 and §11) and the
 * additions beyond the seed that are on ({@link Addition}; measured in {@code docs/evaluation.md}).
 *
 * @param rl          RL, minimum records per list, &gt;= ND + 1 (spec §6.1: at least ND+1 records are needed for
 *                    one node to survive ND derivations) [3]
 * @param nd          ND, number of derivation levels, &gt;= 1 [2]
 * @param cr          CR, longest merged record kept, characters; a longer one becomes null [80]
 * @param ip          IP, minimum share of the standard identity in a group, 0..1, compared with {@code >=} [0.5]
 * @param rc          RC, a column whose most frequent value fills more than this share of its rows is removed,
 *                    0..1, compared with {@code >} [0.8]
 * @param separatorsSpecialOnly only special-character tokens take part in derivation (spec §3.2 [R/D]) [true]
 * @param additions   the additions beyond the seed that are on [all of them; none in {@link #thesis(int)}]
 */
public record SwleSettings(int rl, int nd, int cr, double ip, double rc, boolean separatorsSpecialOnly,
                           Set<Addition> additions) {

    /** Names of the properties {@link #fromProperties(Map)} reads, without prefix. */
    public static final List<String> PROPERTY_NAMES = List.of("setting", "rl", "nd", "cr", "ip", "rc",
            "separators-special-only", "additions");

    /** The thesis's settings S1–S8 (Table 1 / Figure 10): {RL, ND, CR, IP×10}; RC is 0.8 in all of them. */
    private static final int[][] THESIS = {
        {3, 2, 160, 5}, {3, 2, 80, 5}, {6, 4, 160, 5}, {6, 4, 80, 5},
        {3, 2, 160, 9}, {3, 2, 80, 9}, {6, 4, 160, 9}, {6, 4, 80, 9},
    };

    public SwleSettings {
        if (nd < 1) {
            throw new IllegalArgumentException("ND must be >= 1, was " + nd);
        }
        if (rl < nd + 1) {
            throw new IllegalArgumentException("RL must be >= ND + 1 (" + (nd + 1) + "), was " + rl);
        }
        if (cr < 1) {
            throw new IllegalArgumentException("CR must be >= 1, was " + cr);
        }
        if (!(ip > 0 && ip <= 1)) {
            throw new IllegalArgumentException("IP must be in (0, 1], was " + ip);
        }
        if (!(rc > 0 && rc <= 1)) {
            throw new IllegalArgumentException("RC must be in (0, 1], was " + rc);
        }
        additions = additions.isEmpty() ? Collections.unmodifiableSet(EnumSet.noneOf(Addition.class))
                : Collections.unmodifiableSet(EnumSet.copyOf(additions));
    }

    /**
     * The thesis's setting {@code Sn}, faithful (no additions).
     *
     * @param n 1..8
     * @throws IllegalArgumentException if n is outside 1..8
     */
    public static SwleSettings thesis(int n) {
        if (n < 1 || n > THESIS.length) {
            throw new IllegalArgumentException("the thesis has settings S1..S8, not S" + n);
        }
        int[] s = THESIS[n - 1];
        return new SwleSettings(s[0], s[1], s[2], s[3] / 10.0, 0.8, true, Set.of());
    }

    /** The seed's recommended setting S2 (RL 3, ND 2, CR 80, IP 0.5, RC 0.8; spec §6.6), faithful. */
    public static SwleSettings faithful() {
        return thesis(2);
    }

    /** shapecrawl's default: S2 with every addition beyond the seed on. */
    public static SwleSettings defaults() {
        return faithful().improved();
    }

    /** These settings with every addition beyond the seed on. */
    public SwleSettings improved() {
        return withAdditions(EnumSet.allOf(Addition.class));
    }

    /** These settings with exactly the given additions on. */
    public SwleSettings withAdditions(Set<Addition> on) {
        return new SwleSettings(rl, nd, cr, ip, rc, separatorsSpecialOnly, on);
    }

    /** True if the addition is on. */
    public boolean has(Addition a) {
        return additions.contains(a);
    }

    /**
     * A short name: {@code S1}..{@code S8} for a thesis setting, else {@code RL3-ND2-CR80-IP0.5-RC0.8}; followed
     * by {@code +tag} for each addition that is on ({@link Addition#tag()}). Carried in every list record.
     */
    public String name() {
        String base = null;
        for (int n = 1; n <= THESIS.length && base == null; n++) {
            SwleSettings t = thesis(n);
            if (t.rl == rl && t.nd == nd && t.cr == cr && t.ip == ip && t.rc == rc
                    && t.separatorsSpecialOnly == separatorsSpecialOnly) {
                base = "S" + n;
            }
        }
        if (base == null) {
            base = "RL" + rl + "-ND" + nd + "-CR" + cr + "-IP" + ip + "-RC" + rc
                    + (separatorsSpecialOnly ? "" : "-words");
        }
        StringBuilder sb = new StringBuilder(base);
        additions.forEach(a -> sb.append('+').append(a.tag()));
        return sb.toString();
    }

    /**
     * Settings from properties named as in {@link #PROPERTY_NAMES} (without prefix). {@code setting} (1..8, or
     * {@code S1}..{@code S8}) chooses the thesis setting the others start from [2]; {@code additions} is a
     * comma-separated list of {@link Addition#tag()}s, {@code all} or {@code none} [all].
     *
     * @throws IllegalArgumentException naming the property on an unknown name or a bad value
     */
    public static SwleSettings fromProperties(Map<String, String> properties) {
        for (String key : properties.keySet()) {
            if (!PROPERTY_NAMES.contains(key)) {
                throw new IllegalArgumentException("unknown SWLE setting '" + key + "'; known: " + PROPERTY_NAMES);
            }
        }
        String setting = properties.getOrDefault("setting", "2").strip();
        SwleSettings s = thesis(SettingValues.intNumber("setting",
                setting.startsWith("S") || setting.startsWith("s") ? setting.substring(1) : setting));
        return new SwleSettings(
                intOr(properties, "rl", s.rl), intOr(properties, "nd", s.nd), intOr(properties, "cr", s.cr),
                numberOr(properties, "ip", s.ip), numberOr(properties, "rc", s.rc),
                boolOr(properties, "separators-special-only", s.separatorsSpecialOnly),
                additions(properties.getOrDefault("additions", "all")));
    }

    private static Set<Addition> additions(String value) {
        String v = value.strip();
        if (v.equalsIgnoreCase("all")) {
            return EnumSet.allOf(Addition.class);
        }
        Set<Addition> on = EnumSet.noneOf(Addition.class);
        if (v.equalsIgnoreCase("none") || v.isEmpty()) {
            return on;
        }
        for (String tag : v.split(",")) {
            Addition found = null;
            for (Addition a : Addition.values()) {
                if (a.tag().equals(tag.strip())) {
                    found = a;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("additions: unknown '" + tag.strip() + "'; known: all, none, "
                        + java.util.Arrays.stream(Addition.values()).map(Addition::tag).toList());
            }
            on.add(found);
        }
        return on;
    }
    private static int intOr(Map<String, String> p, String key, int dflt) {
        return p.containsKey(key) ? SettingValues.intNumber(key, p.get(key)) : dflt;
    }

    private static double numberOr(Map<String, String> p, String key, double dflt) {
        return p.containsKey(key) ? SettingValues.number(key, p.get(key)) : dflt;
    }

    private static boolean boolOr(Map<String, String> p, String key, boolean dflt) {
        return p.containsKey(key) ? SettingValues.bool(key, p.get(key)) : dflt;
    }
}
