package dev.shapecrawl.testkit.site;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static dev.shapecrawl.testkit.site.Vocabulary.pick;

/**
 * The content of a generated site before it is written as HTML: sections, lists, targets, articles. Everything is
 * drawn from one {@link Random} in a fixed order, so a seed fixes the site; each growth draws from its own
 * {@link Random} derived from the seed and the growth's number, so the same growths give the same site too.
 * Not thread-safe: {@link GeneratedSite} serialises growths.
 */
final class SiteModel {
    private static final LocalDate FIRST_NEWS_DAY = LocalDate.of(2006, 1, 2);

    static final class Section {
        final String key;
        final String title;
        final String url;
        final List<Listing> lists = new ArrayList<>();
        /** Every target of the section, listed or not: the pool of related links and homonyms. */
        final List<Target> targets = new ArrayList<>();

        Section(String key, String title, String url) {
            this.key = key;
            this.title = title;
            this.url = url;
        }
    }

    static final class Listing {
        final Section section;
        final String title;
        final String url;
        /** In list order; broken entries ({@link Target#broken}) are mixed in and have no page. */
        final List<Target> entries = new ArrayList<>();

        Listing(Section section, String title, String url) {
            this.section = section;
            this.title = title;
            this.url = url;
        }
    }

    static final class Target {
        final Section section;
        final String first;
        final String last;
        final String url;
        final String printUrl;
        final boolean broken;
        final int born;
        final String field;
        final String place;
        final List<Row> rows = new ArrayList<>();
        final List<String> biography = new ArrayList<>();
        final String website;
        final List<Target> related = new ArrayList<>();

        Target(Section section, String first, String last, String url, String printUrl, boolean broken, int born,
               String field, String place, String website) {
            this.section = section;
            this.first = first;
            this.last = last;
            this.url = url;
            this.printUrl = printUrl;
            this.broken = broken;
            this.born = born;
            this.field = field;
            this.place = place;
            this.website = website;
        }

        String name() {
            return first + " " + last;
        }
    }

    record Row(int year, String title, String source) {
    }

    record Article(String url, String headline, LocalDate date, String byline, List<String> paragraphs,
                   List<Target> mentions) {
    }

    final SiteShape shape;
    final UrlStyle style;
    final Vocabulary words;
    final List<Section> sections = new ArrayList<>();
    final List<Listing> lists = new ArrayList<>();
    /** Every target in creation order, growths included. */
    final List<Target> targets = new ArrayList<>();
    final List<Target> shortcuts;
    final List<Target> samples;
    final List<Target> broken = new ArrayList<>();
    /** In publication order (oldest first). */
    final List<Article> articles = new ArrayList<>();

    private final Map<String, Integer> nameKeys = new HashMap<>();
    private final Set<String> eventKeys = new HashSet<>();
    private int lastId = 100;
    private int lastArticleId;
    private LocalDate lastNewsDay = FIRST_NEWS_DAY;
    private int growths;

    SiteModel(SiteShape shape) {
        this.shape = shape;
        this.style = shape.urlStyle();
        this.words = style.vocabulary();
        Random rnd = new Random(shape.seed());
        for (int s = 0; s < shape.sections(); s++) {
            addSection(s);
        }
        for (Listing list : lists) {
            for (int t = 0; t < shape.targetsPerList(); t++) {
                list.entries.add(register(person(list.section, false, rnd)));
            }
        }
        // Related links are drawn once every target exists, so early targets can point at later ones.
        for (Target t : targets) {
            relate(t, rnd);
        }
        shortcuts = pickDistinct(targets, shape.shortcuts(), rnd);
        for (int a = 0; a < shape.articles(); a++) {
            articles.add(article(pickDistinct(targets, 1 + rnd.nextInt(Math.min(3, targets.size())), rnd), rnd));
        }
        for (int b = 0; b < shape.brokenLinks(); b++) {
            Listing list = pick(lists, rnd);
            Target missing = person(list.section, true, rnd);
            broken.add(missing);
            list.entries.add(rnd.nextInt(list.entries.size() + 1), missing);
        }
        samples = samples();
    }

    /**
     * Adds {@code listed} targets at the end of random lists (extending their page chains) and {@code unlisted}
     * targets mentioned only by one new article, not by any list.
     *
     * @return the new targets, listed ones first
     */
    List<Target> grow(int listed, int unlisted) {
        growths++;
        Random rnd = new Random(shape.seed() ^ (0x9E3779B97F4A7C15L * growths));
        List<Target> added = new ArrayList<>();
        for (int i = 0; i < listed; i++) {
            Listing list = pick(lists, rnd);
            Target t = register(person(list.section, false, rnd));
            list.entries.add(t);
            added.add(t);
        }
        List<Target> offList = new ArrayList<>();
        for (int i = 0; i < unlisted; i++) {
            offList.add(register(person(pick(sections, rnd), false, rnd)));
        }
        added.addAll(offList);
        for (Target t : added) {
            relate(t, rnd);
        }
        if (!offList.isEmpty()) {
            articles.add(article(offList, rnd));
        }
        return added;
    }

    private void addSection(int s) {
        String key = style.letterSections() ? String.valueOf((char) ('a' + s))
                : s < Vocabulary.GENRES.size() ? Vocabulary.GENRES.get(s) : "genre-" + (s + 1);
        String title = style.letterSections() ? words.entities + ": " + key.toUpperCase(Locale.ROOT)
                : Vocabulary.label(key);
        Section section = new Section(key, title, style.sectionUrl(key));
        sections.add(section);
        if (shape.subsections() == 0) {
            section.lists.add(new Listing(section, title, section.url));
        }
        for (String era : Vocabulary.ERAS.subList(0, shape.subsections())) {
            section.lists.add(new Listing(section, title + ", " + era, style.listUrl(key, era)));
        }
        lists.addAll(section.lists);
    }

    private Target register(Target t) {
        targets.add(t);
        t.section.targets.add(t);
        return t;
    }

    /**
     * A new person of {@code section}, with a fresh id and a URL no other page has. A broken person is drawn like
     * a target so that its list entry looks the same, but it gets no page.
     */
    private Target person(Section section, boolean broken, Random rnd) {
        lastId += 1 + rnd.nextInt(9); // gaps, like ids of deleted records
        String first;
        String last;
        if (!broken && !section.targets.isEmpty() && rnd.nextInt(12) == 0) {
            Target namesake = pick(section.targets, rnd); // homonyms: DBLP's _2 suffix, NAME_FILE's hardest case
            first = namesake.first;
            last = namesake.last;
        } else {
            char initial = style.letterSections() ? Character.toUpperCase(section.key.charAt(0))
                    : (char) ('A' + rnd.nextInt(26));
            first = pick(Vocabulary.FIRST_NAMES, rnd);
            last = Vocabulary.lastName(initial, rnd);
        }
        String folder = String.valueOf(Character.toLowerCase(last.charAt(0)));
        String nameKey = Vocabulary.dblpKey(last) + ":" + Vocabulary.dblpKey(first);
        int namesakes = nameKeys.merge(folder + "/" + nameKey, 1, Integer::sum);
        if (namesakes > 1) {
            nameKey += "_" + namesakes;
        }
        String url = style.targetUrl(lastId, folder, nameKey);
        Target t = new Target(section, first, last, url,
                shape.printViews() && !broken ? UrlStyle.withParam(url, "print", "1") : null, broken,
                1920 + rnd.nextInt(70), pick(words.fieldValues, rnd), pick(words.places, rnd),
                rnd.nextInt(3) == 0 ? "www." + Vocabulary.slug(last) + ".example" : null);
        int rows = shape.minRecords() + rnd.nextInt(shape.maxRecords() - shape.minRecords() + 1);
        int year = t.born + 18 + rnd.nextInt(5);
        for (int r = 0; r < rows; r++) {
            year += rnd.nextInt(3);
            t.rows.add(new Row(year, words.title(1, 4, rnd), pick(words.recordSources, rnd)));
        }
        // An optional block: structural noise the classifier must tolerate (specification §8.6).
        if (rnd.nextBoolean()) {
            for (int p = 1 + rnd.nextInt(3); p > 0; p--) {
                t.biography.add(Vocabulary.sentence(8 + rnd.nextInt(12), rnd));
            }
        }
        return t;
    }

    private void relate(Target t, Random rnd) {
        List<Target> pool = new ArrayList<>(t.section.targets);
        if (pool.size() <= shape.relatedLinks()) {
            pool = new ArrayList<>(targets);
        }
        pool.remove(t);
        t.related.addAll(pickDistinct(pool, Math.min(shape.relatedLinks(), pool.size()), rnd));
    }

    private Article article(List<Target> mentions, Random rnd) {
        lastArticleId += 1 + rnd.nextInt(5);
        lastNewsDay = lastNewsDay.plusDays(1 + rnd.nextInt(20));
        String event = pick(words.events, rnd);
        int year = 2000 + rnd.nextInt(10);
        while (!eventKeys.add(event + ":" + year)) {
            year++; // one page per event and year, so NAME_FILE article URLs stay unique
        }
        String headline = String.format(Locale.ROOT, pick(words.headlines, rnd), event + " " + year);
        String url = shape.nearDistractors()
                ? style.nearArticleUrl(lastArticleId, event.substring(0, 1).toLowerCase(Locale.ROOT),
                        Vocabulary.dblpKey(event) + ":" + year)
                : UrlStyle.farArticleUrl(lastArticleId, lastNewsDay.getYear(), lastNewsDay.getMonthValue(),
                        Vocabulary.slug(headline));
        List<String> paragraphs = new ArrayList<>();
        for (int p = Math.max(2 + rnd.nextInt(3), mentions.size()); p > 0; p--) {
            paragraphs.add(Vocabulary.sentence(10 + rnd.nextInt(15), rnd));
        }
        String byline = pick(Vocabulary.FIRST_NAMES, rnd) + " " + Vocabulary.lastName((char) ('A' + rnd.nextInt(26)),
                rnd);
        return new Article(url, headline, lastNewsDay, byline, paragraphs, List.copyOf(mentions));
    }

    /** Three samples spread over the targets, none of them a shortcut (a sample is a typical listed target). */
    private List<Target> samples() {
        List<Target> candidates = new ArrayList<>(targets);
        candidates.removeAll(shortcuts);
        if (candidates.isEmpty()) {
            candidates = new ArrayList<>(targets); // every target is a shortcut: any will do
        }
        List<Target> out = new ArrayList<>();
        int n = candidates.size();
        for (int i : new int[] {n / 4, n / 2, 3 * n / 4}) {
            if (n > 0 && !out.contains(candidates.get(i))) {
                out.add(candidates.get(i));
            }
        }
        return List.copyOf(out);
    }

    private static <T> List<T> pickDistinct(List<T> pool, int n, Random rnd) {
        List<T> left = new ArrayList<>(pool);
        List<T> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(left.remove(rnd.nextInt(left.size())));
        }
        return out;
    }
}
