package dev.shapecrawl.testkit.site;

import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The words a generated site is written in: a jazz encyclopaedia (artists with albums) or a bibliography (authors
 * with publications). Only text differs between the two; the DOM templates are the same. Several names, places
 * and titles are non-ASCII so that decoding and the DOM's text nodes are exercised on real UTF-8.
 */
final class Vocabulary {
    static final Vocabulary JAZZ = new Vocabulary("Jazzography", "artist", "Artists", "Related artists", "Albums",
            List.of("Year", "Title", "Label"), List.of("Born", "Instrument", "Origin"),
            List.of("trumpet", "piano", "tenor saxophone", "alto saxophone", "double bass", "drums", "vocals",
                    "guitar", "vibraphone", "clarinet", "trombone", "flute"),
            List.of("New Orleans", "São Paulo", "København", "Montréal", "Kraków", "Zürich", "Chicago",
                    "Kansas City", "Göteborg", "Düsseldorf", "Havana", "Lagos"),
            List.of("Blue", "Night", "Café", "Train", "Noël", "Moon", "Sketches", "Köln", "Señor", "Águas", "Spring",
                    "Giant", "Steps", "Rhythm & Blues", "Lament", "Ballads", "Saudade", "Øresund", "Midnight",
                    "Samba", "Suite", "Concert"),
            List.of("Blue Note", "Verve", "ECM", "Impulse!", "Prestige", "Riverside", "Candid", "Enja", "Elenco",
                    "Odeon", "Columbia", "Atlantic"),
            List.of("Newport", "Montreux", "Molde", "Umbria", "Vitoria", "Kongsberg", "Vienne", "Ljubljana"),
            List.of("%s: line-up announced", "Tickets for %s on sale", "%s: the review", "Who played at %s"));

    static final Vocabulary BIBLIOGRAPHY = new Vocabulary("dblp (synthetic)", "author", "Authors", "Coauthors",
            "Publications", List.of("Year", "Title", "Venue"), List.of("Active since", "Area", "Affiliation"),
            List.of("databases", "information retrieval", "web mining", "data integration", "query optimisation",
                    "XML", "crawling", "tree matching"),
            List.of("Universidade Federal do Amazonas", "Universität Trier", "École Polytechnique", "KTH Stockholm",
                    "Università di Roma", "Universidad de Chile", "TU München", "Université de Genève"),
            List.of("Efficient", "Query", "Processing", "Indexing", "XML", "Streams", "Web", "Crawling", "Über",
                    "Navigation", "Patterns", "Similarity", "Tree", "Edit", "Distance", "Schema", "Matching",
                    "Top-k", "Joins", "Hidden-Web"),
            List.of("VLDB", "SIGMOD", "ICDE", "EDBT", "KDD", "CIKM", "SIGIR", "WWW", "PODS", "ICDT"),
            List.of("VLDB", "SIGMOD", "ICDE", "EDBT", "KDD", "CIKM", "SIGIR", "WWW", "PODS", "ICDT"),
            List.of("%s: call for papers", "%s: accepted papers", "%s: best paper award", "%s: programme"));

    static final List<String> FIRST_NAMES = List.of("Miles", "Ella", "Thelonious", "Nina", "Django", "Astrud",
            "Chet", "Zoë", "Søren", "Joaquín", "Renée", "Kenny", "Oscar", "Sonny", "Dexter", "Hélène", "Tomasz",
            "Ibrahim", "Björn", "Mária", "Jürgen", "Françoise", "Ana", "Wes", "Abbey", "Yusef", "Ørjan", "Hiromi");
    static final List<String> GENRES = List.of("bebop", "swing", "cool", "hard-bop", "fusion", "free", "latin",
            "modal", "soul-jazz", "big-band", "bossa-nova", "gypsy");
    static final List<String> ERAS = List.of("1920s", "1930s", "1940s", "1950s", "1960s", "1970s", "1980s", "1990s",
            "2000s", "2010s");

    private static final List<String> NAME_STARTS = List.of("a", "e", "i", "o", "u", "ö", "é", "ar", "el", "or",
            "an", "ul");
    private static final List<String> NAME_STARTS_AFTER_VOWEL = List.of("r", "l", "n", "nd", "st", "v", "sk", "m");
    private static final List<String> NAME_MIDDLES = List.of("ber", "len", "dor", "mic", "ras", "tin", "vel", "gón",
            "ström", "ño", "çal", "kow", "zak", "lin", "ter", "mar");
    private static final List<String> NAME_ENDS = List.of("", "", "s", "son", "ez", "ini", "sen", "ova", "er", "ard");
    private static final List<String> PROSE = List.of("the", "quartet", "played", "a", "long", "set", "of",
            "standards", "and", "new", "tunes", "before", "an", "attentive", "crowd", "in", "old", "hall", "while",
            "critics", "noted", "fresh", "arrangements", "für", "später", "encore", "très", "rapide", "with",
            "guests", "from", "abroad", "after", "years", "on", "road");
    // DBLP writes accented letters as HTML entity names between '=' signs, so its file names stay ASCII.
    private static final Map<Character, String> DBLP_LETTERS = Map.ofEntries(
            Map.entry('ä', "auml"), Map.entry('ö', "ouml"), Map.entry('ü', "uuml"), Map.entry('ë', "euml"),
            Map.entry('é', "eacute"), Map.entry('è', "egrave"), Map.entry('á', "aacute"), Map.entry('í', "iacute"),
            Map.entry('ó', "oacute"), Map.entry('ú', "uacute"), Map.entry('ñ', "ntilde"), Map.entry('ç', "ccedil"),
            Map.entry('ø', "oslash"), Map.entry('Ø', "Oslash"), Map.entry('Ö', "Ouml"), Map.entry('É', "Eacute"));

    final String siteName;
    final String entity;
    final String entities;
    final String relatedHeading;
    final String recordsHeading;
    final List<String> recordColumns;
    final List<String> fieldNames;
    final List<String> fieldValues;
    final List<String> places;
    final List<String> titleWords;
    final List<String> recordSources;
    final List<String> events;
    final List<String> headlines;

    private Vocabulary(String siteName, String entity, String entities, String relatedHeading, String recordsHeading,
                       List<String> recordColumns, List<String> fieldNames, List<String> fieldValues,
                       List<String> places, List<String> titleWords, List<String> recordSources,
                       List<String> events, List<String> headlines) {
        this.siteName = siteName;
        this.entity = entity;
        this.entities = entities;
        this.relatedHeading = relatedHeading;
        this.recordsHeading = recordsHeading;
        this.recordColumns = recordColumns;
        this.fieldNames = fieldNames;
        this.fieldValues = fieldValues;
        this.places = places;
        this.titleWords = titleWords;
        this.recordSources = recordSources;
        this.events = events;
        this.headlines = headlines;
    }

    static <T> T pick(List<T> values, Random rnd) {
        return values.get(rnd.nextInt(values.size()));
    }

    /** A surname starting with {@code initial} (upper case), sometimes with non-ASCII letters. */
    static String lastName(char initial, Random rnd) {
        List<String> starts = "AEIOUY".indexOf(initial) >= 0 ? NAME_STARTS_AFTER_VOWEL : NAME_STARTS;
        return initial + pick(starts, rnd) + pick(NAME_MIDDLES, rnd) + pick(NAME_ENDS, rnd);
    }

    /** {@code words} words of running text, capitalised, ending with a full stop. */
    static String sentence(int words, Random rnd) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < words; i++) {
            String w = pick(PROSE, rnd);
            s.append(i == 0 ? "" : " ").append(i == 0 ? capitalise(w) : w);
        }
        return s.append('.').toString();
    }

    /** A record title of {@code min..max} title words. */
    String title(int min, int max, Random rnd) {
        int n = min + rnd.nextInt(max - min + 1);
        StringBuilder t = new StringBuilder();
        for (int i = 0; i < n; i++) {
            t.append(i == 0 ? "" : " ").append(pick(titleWords, rnd));
        }
        return t.toString();
    }

    /** A name written DBLP's way for a file name: {@code Jürgen} becomes {@code J=uuml=rgen}. */
    static String dblpKey(String name) {
        StringBuilder key = new StringBuilder();
        for (char c : name.toCharArray()) {
            if (c < 128) {
                key.append(c);
            } else {
                String entity = DBLP_LETTERS.get(c);
                if (entity == null) {
                    throw new IllegalStateException("no DBLP spelling for '" + c + "' in " + name);
                }
                key.append('=').append(entity).append('=');
            }
        }
        return key.toString();
    }

    /** {@code hard-bop} becomes {@code Hard bop}. */
    static String label(String slug) {
        return capitalise(slug.replace('-', ' '));
    }

    /** A lower-case ASCII slug of {@code text} for far-article file names. */
    static String slug(String text) {
        String ascii = Normalizer.normalize(text, Normalizer.Form.NFD)
                .replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT);
        return ascii.replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }

    private static String capitalise(String w) {
        return w.isEmpty() ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1);
    }
}
