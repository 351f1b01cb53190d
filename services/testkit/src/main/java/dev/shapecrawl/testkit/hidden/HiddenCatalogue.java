package dev.shapecrawl.testkit.hidden;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The records behind {@link HiddenWebSite}: a book catalogue generated from a seed, deterministic for a given
 * (count, seed). Real hidden databases are skewed and their fields correlated (Moraes 2013 §5.1 probes live book,
 * job and film sites; Wu et al. 2006 model such a database as a graph of co-occurring values, spec §2.5), and the
 * instance pruning of ITP only has something to learn when some value combinations are rare or empty. So:
 *
 * <ul>
 *   <li>authors: 400 names; each record draws its author Zipf-like (weight 1/rank), so a few authors write many
 *       books;</li>
 *   <li>every author has a home country (Zipf over {@link #COUNTRIES}) and a home genre (Zipf over
 *       {@link #GENRES}); a record takes the author's country with probability 0.9 and genre with 0.75, else a
 *       fresh Zipf draw — genre and country sizes are Zipf-like and correlated through the author;</li>
 *   <li>language follows the country (0.85 the national language, else English; Canada half English, half
 *       French); publisher follows the country (0.7 a publisher of that country, when it has one);</li>
 *   <li>year: classics uniformly 1900..1959, the others {@code 2024 − ⌊Exp(mean 14)⌋} (recent years dominate),
 *       at least 1900; books before 1980 are hardcover or paperback only;</li>
 *   <li>title: two to four words, each Zipf over {@link #WORDS}; audience: 70% adult, 15% young adult, 15%
 *       children (children's books are mostly fantasy and poetry);</li>
 *   <li>3% are withdrawn.</li>
 * </ul>
 */
public final class HiddenCatalogue {
    /** Genre values (select option values), most frequent first (Zipf rank order). */
    public static final List<String> GENRES = List.of("fiction", "mystery", "romance", "fantasy", "history",
            "biography", "science", "classics", "travel", "cooking", "poetry", "scifi");
    /** Country values, most frequent first. */
    public static final List<String> COUNTRIES = List.of("us", "uk", "france", "germany", "spain", "brazil",
            "italy", "japan", "canada", "mexico", "sweden", "portugal", "argentina", "ireland");
    /** The national language of each of {@link #COUNTRIES}, same order. */
    static final List<String> NATIONAL = List.of("english", "english", "french", "german", "spanish", "portuguese",
            "italian", "japanese", "english", "spanish", "swedish", "portuguese", "spanish", "english");
    /** Language values. */
    public static final List<String> LANGUAGES = List.of("english", "french", "german", "spanish", "portuguese",
            "italian", "japanese", "swedish");
    /** Format values. */
    public static final List<String> FORMATS = List.of("hardcover", "paperback", "ebook", "audiobook");
    /** Audience values. */
    public static final List<String> AUDIENCES = List.of("adult", "young-adult", "children");
    /** Publisher values, most frequent first; {@link #PUBLISHER_COUNTRY} gives each one's home country. */
    public static final List<String> PUBLISHERS = List.of("harbour", "northwind", "lumen", "atlas", "quill",
            "meridian", "sable", "orchard", "kestrel", "pilgrim", "tidewater", "ember", "lantern", "cobalt",
            "juniper");
    static final List<String> PUBLISHER_COUNTRY = List.of("us", "uk", "france", "germany", "us", "spain", "uk",
            "brazil", "italy", "japan", "canada", "mexico", "sweden", "us", "uk");
    /** Title words, most frequent first. */
    static final List<String> WORDS = List.of("night", "house", "river", "secret", "last", "garden", "winter",
            "shadow", "city", "summer", "blood", "light", "queen", "road", "stone", "silent", "lost", "island",
            "dark", "heart", "fire", "storm", "kitchen", "empire", "glass", "mountain", "letters", "daughter",
            "war", "ocean", "memory", "forest", "golden", "crown", "wolf", "iron", "harvest", "journey", "hidden",
            "song", "mirror", "bridge", "moon", "salt", "tower", "paper", "orchard", "field", "bone", "sea",
            "king", "star", "valley", "year", "dream", "history", "atlas", "bread", "silver", "north", "rain",
            "voyage", "widow", "cathedral", "machine", "wild", "small", "brief", "long", "quiet", "broken",
            "burning", "frozen", "distant", "empty", "promise", "little", "great", "second", "final", "first",
            "morning", "evening", "harbour", "desert", "lake", "meadow", "castle", "village", "station", "canal",
            "lantern", "compass", "feather", "thread", "violin", "chess", "orchid", "raven", "fox", "sparrow",
            "tiger", "horse", "whale", "spice", "honey", "olive", "lemon", "saffron", "copper", "marble", "velvet",
            "amber", "ivory", "cobalt", "crimson", "scarlet");
    private static final List<String> FIRST = List.of("Ana", "Bruno", "Clara", "Daniel", "Elena", "Felix",
            "Greta", "Hugo", "Ines", "Jonas", "Karin", "Luis", "Marta", "Nils", "Olga", "Paulo", "Rosa", "Simon",
            "Tomas", "Ursula", "Victor", "Wanda", "Yara", "Zoe", "Akira", "Beatriz", "Carlos", "Dora", "Emil",
            "Frida");
    private static final List<String> LAST = List.of("Almeida", "Berg", "Castro", "Duval", "Eriksson", "Fontaine",
            "Garcia", "Hartmann", "Ishikawa", "Jensen", "Keller", "Lindqvist", "Moreau", "Novak", "Ortega",
            "Petrov", "Quintana", "Rossi", "Santos", "Tanaka", "Ulloa", "Vidal", "Weber", "Young", "Zanetti",
            "Moraes", "Heuser", "Silva", "Brennan", "Okafor");

    private HiddenCatalogue() {
    }

    /**
     * Generates the records.
     *
     * @param count number of records, >= 1
     * @param seed  the random seed; the same (count, seed) gives the same records
     * @return records with ids 1..count
     * @throws IllegalArgumentException if {@code count < 1}
     */
    public static List<Book> generate(int count, long seed) {
        if (count < 1) {
            throw new IllegalArgumentException("count: must be >= 1, was " + count);
        }
        Random rnd = new Random(seed);
        record Author(String name, int country, int genre) {
        }
        List<Author> authors = new ArrayList<>();
        List<String> names = new ArrayList<>();
        while (authors.size() < 400) {
            String name = FIRST.get(rnd.nextInt(FIRST.size())) + " " + LAST.get(rnd.nextInt(LAST.size()));
            if (names.contains(name)) {
                continue;
            }
            names.add(name);
            authors.add(new Author(name, zipf(rnd, COUNTRIES.size()), zipf(rnd, GENRES.size())));
        }
        List<Book> books = new ArrayList<>(count);
        for (int id = 1; id <= count; id++) {
            Author a = authors.get(zipf(rnd, authors.size()));
            int country = rnd.nextDouble() < 0.9 ? a.country : zipf(rnd, COUNTRIES.size());
            int genre = rnd.nextDouble() < 0.75 ? a.genre : zipf(rnd, GENRES.size());
            String c = COUNTRIES.get(country);
            String language = c.equals("canada") ? (rnd.nextBoolean() ? "english" : "french")
                    : rnd.nextDouble() < 0.85 ? NATIONAL.get(country) : "english";
            String publisher = publisherFor(rnd, c);
            String g = GENRES.get(genre);
            int year = g.equals("classics") ? 1900 + rnd.nextInt(60)
                    : Math.max(1900, 2024 - (int) Math.floor(-Math.log(1 - rnd.nextDouble()) * 14));
            double f = rnd.nextDouble();
            String format = f < 0.3 ? "hardcover" : f < 0.7 ? "paperback" : f < 0.9 ? "ebook" : "audiobook";
            if (year < 1980 && !format.equals("hardcover")) {
                format = "paperback";
            }
            double au = rnd.nextDouble();
            String audience = (g.equals("fantasy") || g.equals("poetry")) && au < 0.5 ? "children"
                    : au < 0.7 ? "adult" : au < 0.85 ? "young-adult" : "children";
            int words = 2 + rnd.nextInt(3);
            StringBuilder title = new StringBuilder();
            for (int w = 0; w < words; w++) {
                String word = WORDS.get(zipf(rnd, WORDS.size()));
                title.append(w == 0 ? "" : " ").append(Character.toUpperCase(word.charAt(0)))
                        .append(word.substring(1));
            }
            books.add(new Book(id, title.toString(), a.name, g, language, c, year, format, publisher, audience,
                    rnd.nextDouble() < 0.03));
        }
        return books;
    }

    private static String publisherFor(Random rnd, String country) {
        if (rnd.nextDouble() < 0.7) {
            List<Integer> home = new ArrayList<>();
            for (int i = 0; i < PUBLISHERS.size(); i++) {
                if (PUBLISHER_COUNTRY.get(i).equals(country)) {
                    home.add(i);
                }
            }
            if (!home.isEmpty()) {
                return PUBLISHERS.get(home.get(zipf(rnd, home.size())));
            }
        }
        return PUBLISHERS.get(zipf(rnd, PUBLISHERS.size()));
    }

    /** An index 0..n−1 drawn with probability proportional to 1/(rank) (Zipf, exponent 1). */
    static int zipf(Random rnd, int n) {
        double total = 0;
        for (int i = 1; i <= n; i++) {
            total += 1.0 / i;
        }
        double x = rnd.nextDouble() * total;
        for (int i = 1; i <= n; i++) {
            x -= 1.0 / i;
            if (x <= 0) {
                return i - 1;
            }
        }
        return n - 1;
    }

    /** A value as a person reads it: {@code young-adult} → {@code Young adult}. */
    static String label(String value) {
        String s = value.replace('-', ' ');
        return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }
}
