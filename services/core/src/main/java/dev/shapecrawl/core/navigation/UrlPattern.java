package dev.shapecrawl.core.navigation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A URL pattern: one regular expression per level that generalises a set of similar URLs (URLPattern, Vidal
 * 2006, Algorithm 4; specification §5.4).
 *
 * <p>Algorithm 4, for each level at which the URLs are not all equal: take the longest common prefix {@code p}
 * of the values, then the longest common suffix {@code s} of what is left (so {@code p} and {@code s} never
 * overlap when one value is a prefix of another, specification §5.4 [R]); cut each infix into tokens
 * ({@link Tokenizer}); align the tokens by position only, a URL with fewer tokens giving ε at the missing
 * positions; the level is {@code p • σ • s}, σ being the concatenated TOKENREGEX of each column
 * ({@link TokenRegex}). The thesis prints {@code s • σ • p}, an evident typo (§5.4). Levels equal in every URL
 * are copied verbatim. Beyond the seed (the {@code refined} forms, shapecrawl's default): numbers are values, so
 * {@code p} and {@code s} never end inside a number ({@code cd=123, cd=145} give {@code cd=[0-9]+}, not
 * {@code cd=1[0-9]+}) and a number in a literal part matches any number ({@code list?page=2} seen on every list
 * gives {@code list\?page=[0-9]+}, which the lists' third pages also match); tokens are aligned by their leaves,
 * not by position ({@link TokenAlignment}); and a column some URLs lack generalises to its leaf
 * ({@link TokenRegex#of(List, boolean)}). The host level stays literal.
 *
 * <p>Writing the regular expression (specification §5.1, §5.4 [R]): literal parts are escaped
 * ({@code .}, {@code ?}, {@code +} and the other metacharacters get a backslash), levels are joined with
 * {@code /}, the scheme is matched as {@code https?://} (URL levels leave it out) and the whole is anchored,
 * {@code ^…$}. The three DBLP author URLs of the thesis (Figure 3.4) give
 * {@code ^https?://informatik\.uni-trier\.de/~ley/db/indices/a-tree/[a-zA-Z]+/[a-zA-Z]+:[a-zA-Z]+_*[a-zA-Z0-9]*\.html$}.
 *
 * <p>Every URL the pattern was made from matches it. Immutable and thread-safe; equal when the regular
 * expressions are equal.
 */
public final class UrlPattern {
    /** Where every pattern starts: the scheme, http or https (levels leave it out, §5.3). */
    public static final String SCHEME = "https?://";

    private final List<String> levels;
    private final String regex;
    private final Pattern compiled;

    private UrlPattern(List<String> levels) {
        this.levels = List.copyOf(levels);
        this.regex = "^" + SCHEME + String.join("/", this.levels) + "$";
        this.compiled = Pattern.compile(regex);
    }

    /**
     * URLPattern(U) of absolute http(s) URLs.
     *
     * @param urls at least one URL; all with the same number of levels and the same first level (what URLsim
     *             guarantees within a group)
     * @return the pattern
     * @throws IllegalArgumentException if {@code urls} is empty, a URL is not http(s) ({@link UrlLevels#of}),
     *                                  or the level counts or first levels differ
     */
    public static UrlPattern of(Collection<String> urls) {
        List<UrlLevels> levels = new ArrayList<>(urls.size());
        for (String u : urls) {
            levels.add(UrlLevels.of(u));
        }
        return ofLevels(levels, true);
    }

    /**
     * URLPattern(U) of URLs already split into levels.
     *
     * @param urls    the URLs
     * @param refined whether shapecrawl's refinements apply (a common prefix or suffix never cuts a number; a
     *                column with ε generalises to its leaf, {@link TokenRegex#of(List, boolean)}); false is
     *                Algorithm 4 as printed (typo fixed, literals quoted)
     * @throws IllegalArgumentException as {@link #of}
     */
    public static UrlPattern ofLevels(List<UrlLevels> urls, boolean refined) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("urls: at least one is needed");
        }
        UrlLevels first = urls.get(0);
        for (UrlLevels u : urls) {
            if (u.count() != first.count() || !u.host().equals(first.host())) {
                throw new IllegalArgumentException("urls: all must have the same level count and first level, "
                        + first.levels() + " vs " + u.levels());
            }
        }
        List<String> regexes = new ArrayList<>(first.count());
        List<String> values = new ArrayList<>(urls.size());
        for (int k = 0; k < first.count(); k++) {
            values.clear();
            for (UrlLevels u : urls) {
                values.add(u.level(k));
            }
            // the first level is the host (and port): always literal
            regexes.add(k == 0 ? RegexText.literal(values.get(0)) : level(values, refined));
        }
        return new UrlPattern(regexes);
    }

    /**
     * The regular expression of one level: the value as a literal if all are equal, else {@code p • σ • s} as
     * Algorithm 4 builds it, with shapecrawl's refinements.
     *
     * @param values the level's value in each URL, at least one
     * @throws IllegalArgumentException if {@code values} is empty
     */
    public static String level(List<String> values) {
        return level(values, true);
    }

    /**
     * The regular expression of one level.
     *
     * @param values  the level's value in each URL, at least one
     * @param refined whether shapecrawl's refinements apply (see {@link #ofLevels(List, boolean)})
     * @throws IllegalArgumentException if {@code values} is empty
     */
    public static String level(List<String> values, boolean refined) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("values: at least one is needed");
        }
        String first = values.get(0);
        if (values.stream().allMatch(first::equals)) {
            return literal(first, refined);
        }
        int p = commonLength(values, false);
        if (refined) {
            p = outsideNumbers(values, p, false);
        }
        List<String> rest = new ArrayList<>(values.size());
        for (String v : values) {
            rest.add(v.substring(p));
        }
        int s = commonLength(rest, true);
        if (refined) {
            s = outsideNumbers(rest, s, true);
        }
        List<List<String>> tokens = new ArrayList<>(values.size());
        for (String r : rest) {
            tokens.add(Tokenizer.standard().tokenize(r.substring(0, r.length() - s)));
        }
        StringBuilder sigma = new StringBuilder();
        for (List<String> column : refined ? TokenAlignment.byLeaves(tokens) : TokenAlignment.byPosition(tokens)) {
            sigma.append(TokenRegex.standard().of(column, refined));
        }
        String prefix = first.substring(0, p);
        String r0 = rest.get(0);
        String suffix = r0.substring(r0.length() - s);
        return literal(prefix, refined) + sigma + literal(suffix, refined);
    }

    /** A literal part; refined, its numbers match any number ({@link RegexText#literalWithNumbers}). */
    private static String literal(String text, boolean refined) {
        return refined ? RegexText.literalWithNumbers(text) : RegexText.literal(text);
    }

    /** The regular expression of each level, level 1 (the authority) first; joined with {@code /}. */
    public List<String> levels() {
        return levels;
    }

    /** The number of levels the pattern's URLs have. */
    public int levelCount() {
        return levels.size();
    }

    /** The whole pattern, anchored: {@code ^https?://level1/level2/…$} (Java syntax). */
    public String regex() {
        return regex;
    }

    /**
     * Whether the whole of {@code url} matches. A URL whose match would take pathological backtracking counts as
     * not matching ({@code BoundedMatch}).
     */
    public boolean matches(String url) {
        return BoundedMatch.matches(compiled, url);
    }

    /**
     * A common prefix ({@code fromEnd} false) or suffix (true) of length {@code n}, shortened so that it does not
     * cut a number in two: when a run of digits in some value crosses the border between the common part and the
     * infix, the whole run moves to the infix. Numbers are values (ids, page numbers), and a leading digit shared by
     * the URLs mapped is an accident of the sample: Algorithm 4 as printed turns {@code cd=123, cd=145} into
     * {@code cd=1[0-9]+}, which misses {@code cd=7} and {@code cd=200} of the same list. Letters keep the printed
     * character-level rule, on which the thesis's own pattern E1 ({@code default[a-zA-Z]+}) relies. (shapecrawl's
     * change, docs/navigation.md, "Beyond the seed".)
     */
    private static int outsideNumbers(List<String> values, int n, boolean fromEnd) {
        while (n > 0 && crossesNumber(values, n, fromEnd)) {
            n--;
        }
        return n;
    }

    /** Whether, in some value, the last character of the common part and the first of the infix are digits. */
    private static boolean crossesNumber(List<String> values, int n, boolean fromEnd) {
        for (String v : values) {
            int inCommon = fromEnd ? v.length() - n : n - 1;
            int inInfix = fromEnd ? v.length() - n - 1 : n;
            if (inInfix >= 0 && inInfix < v.length() && isDigit(v.charAt(inCommon)) && isDigit(v.charAt(inInfix))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The length of the longest prefix ({@code fromEnd} false) or suffix (true) common to all values. */
    private static int commonLength(List<String> values, boolean fromEnd) {
        String first = values.get(0);
        int n = first.length();
        for (String v : values) {
            int i = 0;
            int max = Math.min(n, v.length());
            while (i < max && (fromEnd ? v.charAt(v.length() - 1 - i) == first.charAt(first.length() - 1 - i)
                    : v.charAt(i) == first.charAt(i))) {
                i++;
            }
            n = i;
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UrlPattern other && regex.equals(other.regex);
    }

    @Override
    public int hashCode() {
        return Objects.hash(regex);
    }

    @Override
    public String toString() {
        return regex;
    }
}
