package dev.shapecrawl.testkit.hidden;

import dev.shapecrawl.testkit.web.RecordedRequest;
import dev.shapecrawl.testkit.web.TestResponse;
import dev.shapecrawl.testkit.web.TestWebServer;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A hidden-web test site: a book shop whose records are only reachable by submitting its search forms, served on
 * {@code 127.0.0.1} ({@link TestWebServer}) from a real embedded database (H2 in memory, plain JDBC) holding
 * {@link HiddenCatalogue}'s records. It is the test bed of form probing (Moraes 2013; spec
 * {@code moraes-2013-form-probing-itp.md} §4) with ground truth.
 *
 * <p>Pages. No page links to a detail page except a result page.
 * <ul>
 *   <li>{@code /} home: links to the three search pages, the login and quick-search pages, {@code /about} and
 *       {@code /help}.</li>
 *   <li>{@code /search} — form {@value #SEARCH}, GET to {@code /search/results}: selects {@code genre} and
 *       {@code language} (each with an "any" option, value ""), text box {@code q} (every word must occur in the
 *       title or the author's name), presentation select {@code per} (10/25/50/100, default 10). Withdrawn books are
 *       not found.</li>
 *   <li>{@code /advanced} — form {@value #ADVANCED}, POST to {@code /advanced/results}: {@code country} ("any" and
 *       the ten largest of the fourteen countries: books of the other four are not reachable through it),
 *       {@code from} and {@code to} (decades 1900..2020, "any"; {@code to} = d means year ≤ d + 9; from &gt; to is
 *       an invalid range: 400), {@code per}. The results action also answers GET, which its "next" links use.</li>
 *   <li>{@code /catalogue} — form {@value #CATALOGUE}, GET to {@code /catalogue/list}: mandatory
 *       {@code publisher} (placeholder option with value ""; missing → HTTP 200 error page "Please choose a
 *       publisher", a soft error), {@code format} and {@code audience} (with "any"), presentation selects
 *       {@code sort} and {@code per}. Finds withdrawn books too.</li>
 *   <li>{@code /login} — form {@value #LOGIN}, POST to {@code /login/session}, username and password; and
 *       {@code /quick} — form {@value #QUICK}, a JavaScript-only form (onsubmit handler, a script, a
 *       {@code type=button} button and no submit button) whose action is {@code /quick/find}. A well-behaved prober
 *       never requests either action: every request is recorded ({@link #requests()}) so a test can check.</li>
 *   <li>Result pages: a table with a header row and one row per record (catalogue number, title linking to
 *       {@code /item/<id>}, then the form's columns), a "Showing a–b" line and a "next" link while more
 *       pages remain ({@code page=N}). No match: the "No results" page (200). A value not among a field's
 *       options, a bad {@code per} or {@code page}: an error page with status 400.</li>
 *   <li>{@code /item/<id>} detail pages, all of one structure (the targets); an unknown id is 404.</li>
 * </ul>
 *
 * <p>Ground truth comes from the database: {@link #detailUrlsReachableThrough(String)}, {@link #totalRecords()},
 * {@link #records()}. Each handler thread keeps its own JDBC connection, so the thousands of requests a probe makes
 * are answered in about a millisecond each.
 */
public final class HiddenWebSite implements AutoCloseable {
    /** The GET search form. */
    public static final String SEARCH = "search";
    /** The POST advanced search form. */
    public static final String ADVANCED = "advanced";
    /** The publisher catalogue, with a mandatory field. */
    public static final String CATALOGUE = "catalogue";
    /** The login form (never to be submitted). */
    public static final String LOGIN = "login";
    /** The JavaScript-only quick search (never to be submitted). */
    public static final String QUICK = "quick";
    /** Default number of records. */
    public static final int DEFAULT_RECORDS = 5_000;
    /** Default seed. */
    public static final long DEFAULT_SEED = 7;
    /** Values of the {@code per} presentation field; the first is the default. */
    public static final List<String> PER_PAGE = List.of("10", "25", "50", "100");
    /** Countries the advanced form offers: the ten most frequent. */
    public static final List<String> ADVANCED_COUNTRIES = HiddenCatalogue.COUNTRIES.subList(0, 10);
    /** Decades the advanced form offers in {@code from} and {@code to}. */
    public static final List<String> DECADES;

    static {
        List<String> d = new ArrayList<>();
        for (int y = 1900; y <= 2020; y += 10) {
            d.add(String.valueOf(y));
        }
        DECADES = List.copyOf(d);
    }

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final String COLUMNS =
            "id, title, author, genre, language, country, yr, format, publisher, audience, withdrawn";

    private final TestWebServer web;
    private final String jdbcUrl;
    private final Connection keeper;
    private final List<Book> books;
    private final List<Connection> connections = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Connection> connection;

    private HiddenWebSite(TestWebServer web, String jdbcUrl, Connection keeper, List<Book> books) {
        this.web = web;
        this.jdbcUrl = jdbcUrl;
        this.keeper = keeper;
        this.books = books;
        this.connection = ThreadLocal.withInitial(this::open);
    }

    /** Starts the site with {@value #DEFAULT_RECORDS} records and seed {@value #DEFAULT_SEED}. */
    public static HiddenWebSite start() {
        return start(DEFAULT_RECORDS, DEFAULT_SEED);
    }

    /**
     * Generates the records, loads them into a fresh in-memory database and serves the site.
     *
     * @param records number of records, >= 1
     * @param seed    the generator's seed
     * @throws IllegalArgumentException if {@code records < 1}
     * @throws IllegalStateException    if the database cannot be created
     */
    public static HiddenWebSite start(int records, long seed) {
        List<Book> books = HiddenCatalogue.generate(records, seed);
        // a larger per-session plan cache: the forms build a few dozen distinct statements
        String url = "jdbc:h2:mem:hidden" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1;QUERY_CACHE_SIZE=256";
        Connection keeper;
        try {
            keeper = DriverManager.getConnection(url);
            load(keeper, books);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the hidden-web database", e);
        }
        TestWebServer web = TestWebServer.start();
        HiddenWebSite site = new HiddenWebSite(web, url, keeper, List.copyOf(books));
        site.routes();
        return site;
    }

    private static void load(Connection c, List<Book> books) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE book (id INT PRIMARY KEY, title VARCHAR(200), author VARCHAR(100),"
                    + " genre VARCHAR(20), language VARCHAR(20), country VARCHAR(20), yr INT, format VARCHAR(20),"
                    + " publisher VARCHAR(20), audience VARCHAR(20), withdrawn BOOLEAN, words VARCHAR(400))");
            // No secondary index, on purpose: with one, H2 fetches every row of a common value (genre = fiction)
            // and sorts them by id for each page; without, it walks the primary key in id order and stops after
            // the page's rows, which keeps a result page about a millisecond.
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO book VALUES (?,?,?,?,?,?,?,?,?,?,?,?)")) {
            for (Book b : books) {
                ps.setInt(1, b.id());
                ps.setString(2, b.title());
                ps.setString(3, b.author());
                ps.setString(4, b.genre());
                ps.setString(5, b.language());
                ps.setString(6, b.country());
                ps.setInt(7, b.year());
                ps.setString(8, b.format());
                ps.setString(9, b.publisher());
                ps.setString(10, b.audience());
                ps.setBoolean(11, b.withdrawn());
                // padded with spaces so that "LIKE '% word %'" matches whole words only
                ps.setString(12, " " + String.join(" ", words(b.title() + " " + b.author())) + " ");
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private Connection open() {
        try {
            Connection c = DriverManager.getConnection(jdbcUrl);
            c.setReadOnly(true);
            connections.add(c);
            return c;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open " + jdbcUrl, e);
        }
    }

    /** The server (for its request log and URLs). */
    public TestWebServer server() {
        return web;
    }

    /** {@code http://127.0.0.1:PORT} + {@code path}. */
    public String url(String path) {
        return web.url(path);
    }

    /** The home page's URL. */
    public String entry() {
        return web.url("/");
    }

    /** The URL of the page holding form {@code formName} (one of the five constants). */
    public String formPageUrl(String formName) {
        return web.url("/" + known(formName));
    }

    /** The path form {@code formName} submits to. */
    public static String actionPath(String formName) {
        return switch (known(formName)) {
            case SEARCH -> "/search/results";
            case ADVANCED -> "/advanced/results";
            case CATALOGUE -> "/catalogue/list";
            case LOGIN -> "/login/session";
            default -> "/quick/find";
        };
    }

    private static String known(String formName) {
        if (!List.of(SEARCH, ADVANCED, CATALOGUE, LOGIN, QUICK).contains(formName)) {
            throw new IllegalArgumentException("unknown form '" + formName + "'");
        }
        return formName;
    }

    /** The records, ordered by id (ids 1..N). */
    public List<Book> records() {
        return books;
    }

    /** N, the number of records in the database. */
    public int totalRecords() {
        return query("SELECT COUNT(*) FROM book", List.of()).get(0);
    }

    /**
     * The detail pages form {@code formName} can reach with some choice of values (and following "next" links),
     * from the database: every book for {@value #CATALOGUE}, books not withdrawn for {@value #SEARCH}, books of the
     * offered countries for {@value #ADVANCED}, none for the login and quick-search forms.
     *
     * @return absolute URLs {@code http://127.0.0.1:PORT/item/<id>}, sorted by id
     */
    public Set<String> detailUrlsReachableThrough(String formName) {
        String where = switch (known(formName)) {
            case SEARCH -> "WHERE NOT withdrawn";
            case ADVANCED -> "WHERE country IN (" + String.join(",", Collections.nCopies(10, "?")) + ")";
            case CATALOGUE -> "";
            default -> "WHERE FALSE";
        };
        List<Object> args = formName.equals(ADVANCED) ? new ArrayList<>(ADVANCED_COUNTRIES) : List.of();
        Set<String> out = new LinkedHashSet<>();
        for (int id : query("SELECT id FROM book " + where + " ORDER BY id", args)) {
            out.add(detailUrl(id));
        }
        return out;
    }

    /** The absolute URL of the detail page of record {@code id}. */
    public String detailUrl(int id) {
        return web.url("/item/" + id);
    }

    /** Every request received so far, in arrival order. */
    public List<RecordedRequest> requests() {
        return web.requests();
    }

    /** The requests received so far for {@code path} (query ignored). */
    public List<RecordedRequest> requests(String path) {
        return web.requests(path);
    }

    /** Stops the server and drops the database. */
    @Override
    public void close() {
        web.close();
        try (Statement s = keeper.createStatement()) {
            s.execute("SHUTDOWN");
        } catch (SQLException ignored) {
            // the database is gone either way
        }
        for (Connection c : connections) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closed by SHUTDOWN
            }
        }
    }

    private List<Integer> query(String sql, List<Object> args) {
        try (PreparedStatement ps = connection.get().prepareStatement(sql)) {
            for (int i = 0; i < args.size(); i++) {
                ps.setObject(i + 1, args.get(i));
            }
            List<Integer> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getInt(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    // ---------------------------------------------------------------- pages

    private void routes() {
        web.route("/", TestResponse.html(page("Bookshelf", """
                <h1>Bookshelf</h1>
                <p>Welcome to Bookshelf, an independent catalogue of books from many countries. Our collection
                is only searchable: use one of the search pages below.</p>
                <ul>
                <li><a href="/search">Search books</a></li>
                <li><a href="/advanced">Advanced search by country and period</a></li>
                <li><a href="/catalogue">Publisher catalogue</a></li>
                <li><a href="/quick">Quick search</a></li>
                <li><a href="/login">Member login</a></li>
                </ul>
                <p><a href="/about">About us</a> | <a href="/help">Help</a></p>""")));
        web.route("/about", TestResponse.html(page("About Bookshelf", """
                <h1>About us</h1><p>Bookshelf lists books in print and out of print. We are booksellers, not
                librarians; the catalogue is updated every night.</p><p><a href="/">Home</a></p>""")));
        web.route("/help", TestResponse.html(page("Help", """
                <h1>Help</h1><p>Choose a genre or a language, or type words of the title or of the author's
                name. Leave a field empty to search all values. The advanced search looks up books by country and
                publication period; the publisher catalogue requires a publisher.</p><p><a href="/">Home</a></p>""")));
        web.route("/robots.txt", TestResponse.text("User-agent: *\nAllow: /\n"));
        web.route("/search", TestResponse.html(page("Search books", "<h1>Search books</h1>"
                + "<p>Find books by genre, language, title or author.</p>"
                + "<form method=\"get\" action=\"/search/results\">"
                + select("genre", "Genre", "Any genre", HiddenCatalogue.GENRES, false)
                + select("language", "Language", "Any language", HiddenCatalogue.LANGUAGES, false)
                + "<label for=\"q\">Title or author</label> <input type=\"text\" id=\"q\" name=\"q\">"
                + select("per", "Results per page", null, PER_PAGE, false)
                + "<input type=\"submit\" name=\"go\" value=\"Search\"></form>")));
        web.route("/advanced", TestResponse.html(page("Advanced search", "<h1>Advanced search</h1>"
                + "<p>Books by country of publication and period.</p>"
                + "<form method=\"post\" action=\"/advanced/results\">"
                + select("country", "Country", "Any country", ADVANCED_COUNTRIES, false)
                + select("from", "From", "Any year", DECADES, false)
                + select("to", "To", "Any year", DECADES, false)
                + select("per", "Results per page", null, PER_PAGE, false)
                + "<input type=\"submit\" name=\"go\" value=\"Find\"></form>")));
        web.route("/catalogue", TestResponse.html(page("Publisher catalogue", "<h1>Publisher catalogue</h1>"
                + "<p>Every title of a publisher, withdrawn ones included.</p>"
                + "<form method=\"get\" action=\"/catalogue/list\">"
                + select("publisher", "Publisher", "Choose a publisher", HiddenCatalogue.PUBLISHERS, true)
                + select("format", "Format", "Any format", HiddenCatalogue.FORMATS, false)
                + select("audience", "Audience", "Any audience", HiddenCatalogue.AUDIENCES, false)
                + select("sort", "Sort by", null, List.of("title", "year", "newest"), false)
                + select("per", "Results per page", null, PER_PAGE, false)
                + "<input type=\"submit\" value=\"List\"></form>")));
        web.route("/login", TestResponse.html(page("Member login", "<h1>Member login</h1>"
                + "<form method=\"post\" action=\"/login/session\">"
                + "<label for=\"u\">Username</label> <input type=\"text\" id=\"u\" name=\"username\">"
                + "<label for=\"p\">Password</label> <input type=\"password\" id=\"p\" name=\"password\">"
                + "<input type=\"submit\" value=\"Sign in\"></form>")));
        web.route("/quick", TestResponse.html(page("Quick search", "<h1>Quick search</h1>"
                + "<script>function quickFind(f){location='/quick/find?w='+encodeURIComponent(f.w.value);"
                + "return false;}</script>"
                + "<form action=\"/quick/find\" onsubmit=\"return quickFind(this)\">"
                + select("kind", "Kind", null, List.of("title", "author"), false)
                + "<input type=\"text\" name=\"w\">"
                + "<button type=\"button\" onclick=\"quickFind(this.form)\">Go</button></form>")));
        web.route("/login/session", r -> TestResponse.html(403, page("Login failed", "<p>Login failed.</p>")));
        web.route("/quick/find", r -> TestResponse.html(page("Quick search", "<p>Use the search page.</p>")));
        web.route("/search/results", r -> results(SEARCH, params(r)));
        web.route("/advanced/results", r -> results(ADVANCED, params(r)));
        web.route("/catalogue/list", r -> results(CATALOGUE, params(r)));
        web.fallback(this::detail);
    }

    private static Map<String, String> params(RecordedRequest r) {
        String raw = "POST".equals(r.method()) ? r.bodyAsString() : r.query();
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.putIfAbsent(name, value);
        }
        return out;
    }

    /** One search: the WHERE clause and its arguments, or the error to answer. */
    private record Search(String where, List<Object> args, String orderBy, int per, int page, String error,
                          int status) {
        static Search failed(int status, String error) {
            return new Search(null, List.of(), null, 0, 0, error, status);
        }
    }

    private static Search parse(String form, Map<String, String> p) {
        List<String> where = new ArrayList<>();
        List<Object> args = new ArrayList<>();
        String per = p.getOrDefault("per", PER_PAGE.get(0));
        if (!PER_PAGE.contains(per)) {
            return Search.failed(400, "Invalid number of results per page: " + per);
        }
        int page;
        try {
            page = Integer.parseInt(p.getOrDefault("page", "1"));
        } catch (NumberFormatException e) {
            return Search.failed(400, "Invalid page number");
        }
        if (page < 1 || page > 10_000) {
            return Search.failed(400, "Invalid page number");
        }
        String orderBy = "id";
        switch (form) {
            case SEARCH -> {
                where.add("NOT withdrawn");
                String bad = equal(p, "genre", HiddenCatalogue.GENRES, where, args);
                bad = bad != null ? bad : equal(p, "language", HiddenCatalogue.LANGUAGES, where, args);
                if (bad != null) {
                    return Search.failed(400, "Invalid value for " + bad);
                }
                List<String> words = words(p.getOrDefault("q", ""));
                for (String w : words.subList(0, Math.min(5, words.size()))) {
                    where.add("words LIKE ?");
                    args.add("% " + w + " %");
                }
            }
            case ADVANCED -> {
                where.add("country IN (" + String.join(",", Collections.nCopies(ADVANCED_COUNTRIES.size(), "?"))
                        + ")");
                args.addAll(ADVANCED_COUNTRIES);
                String bad = equal(p, "country", ADVANCED_COUNTRIES, where, args);
                String from = p.getOrDefault("from", "");
                String to = p.getOrDefault("to", "");
                if (bad == null && !from.isEmpty() && !DECADES.contains(from)) {
                    bad = "from";
                }
                if (bad == null && !to.isEmpty() && !DECADES.contains(to)) {
                    bad = "to";
                }
                if (bad != null) {
                    return Search.failed(400, "Invalid value for " + bad);
                }
                if (!from.isEmpty() && !to.isEmpty() && Integer.parseInt(from) > Integer.parseInt(to)) {
                    return Search.failed(400, "Invalid year range: " + from + " is after " + to);
                }
                if (!from.isEmpty()) {
                    where.add("yr >= ?");
                    args.add(Integer.parseInt(from));
                }
                if (!to.isEmpty()) {
                    where.add("yr <= ?");
                    args.add(Integer.parseInt(to) + 9);
                }
            }
            default -> {
                if (p.getOrDefault("publisher", "").isEmpty()) {
                    // a soft error, as many sites answer: status 200, an explanation and the form's fields again
                    return Search.failed(200, "Please choose a publisher: the publisher is required.");
                }
                String bad = equal(p, "publisher", HiddenCatalogue.PUBLISHERS, where, args);
                bad = bad != null ? bad : equal(p, "format", HiddenCatalogue.FORMATS, where, args);
                bad = bad != null ? bad : equal(p, "audience", HiddenCatalogue.AUDIENCES, where, args);
                String sort = p.getOrDefault("sort", "title");
                if (bad == null && !List.of("title", "year", "newest").contains(sort)) {
                    bad = "sort";
                }
                if (bad != null) {
                    return Search.failed(400, "Invalid value for " + bad);
                }
                orderBy = switch (sort) {
                    case "year" -> "yr, id";
                    case "newest" -> "yr DESC, id";
                    default -> "title, id";
                };
            }
        }
        return new Search(where.isEmpty() ? "" : "WHERE " + String.join(" AND ", where), args, orderBy,
                Integer.parseInt(per), page, null, 200);
    }

    /** Adds {@code field = value} when the value is not "" (any); returns the field's name if the value is bad. */
    private static String equal(Map<String, String> p, String field, List<String> allowed, List<String> where,
                                List<Object> args) {
        String v = p.getOrDefault(field, "");
        if (v.isEmpty()) {
            return null;
        }
        if (!allowed.contains(v)) {
            return field;
        }
        where.add(field + " = ?");
        args.add(v);
        return null;
    }

    private TestResponse results(String form, Map<String, String> p) throws SQLException {
        Search s = parse(form, p);
        String title = form.equals(CATALOGUE) ? "Publisher catalogue" : "Search results";
        if (s.error != null) {
            return TestResponse.html(s.status, page(title, "<p><a href=\"/\">Home</a> | <a href=\"/help\">Help</a></p>"
                    + "<h1>Error</h1><p class=\"error\">" + esc(s.error) + "</p>"
                    + "<p><a href=\"/" + form + "\">Back to the form</a></p>"));
        }
        Connection c = connection.get();
        StringBuilder body = new StringBuilder("<p><a href=\"/\">Home</a> | <a href=\"/help\">Help</a></p>");
        body.append("<h1>").append(title).append("</h1>");
        int offset = (s.page - 1) * s.per;
        // one query: a page and one row more, which says whether a next page exists (no COUNT: half the work)
        List<Book> rows = new ArrayList<>(s.per + 1);
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM book " + s.where
                + " ORDER BY " + s.orderBy + " LIMIT ? OFFSET ?")) {
            List<Object> args = new ArrayList<>(s.args);
            args.add(s.per + 1);
            args.add(offset);
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Book(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getString(6), rs.getInt(7), rs.getString(8), rs.getString(9),
                            rs.getString(10), rs.getBoolean(11)));
                }
            }
        }
        if (rows.isEmpty()) {
            body.append("<p class=\"empty\">No results. Try fewer or other words.</p>");
            return TestResponse.html(page(title, body.toString()));
        }
        boolean more = rows.size() > s.per;
        if (more) {
            rows.remove(rows.size() - 1);
        }
        body.append("<p>Showing ").append(offset + 1).append("–").append(offset + rows.size()).append("</p>");
        body.append("<table class=\"results\"><tr><th>No.</th><th>Title</th>");
        List<String> columns = switch (form) {
            case SEARCH -> List.of("Author", "Genre", "Language", "Year");
            case ADVANCED -> List.of("Author", "Country", "Year");
            default -> List.of("Publisher", "Format", "Audience", "Year");
        };
        for (String col : columns) {
            body.append("<th>").append(col).append("</th>");
        }
        body.append("</tr>\n");
        for (Book b : rows) {
            body.append("<tr><td>").append(b.number()).append("</td><td><a href=\"/item/").append(b.id())
                    .append("\">").append(esc(b.title())).append("</a></td>");
            for (String col : columns) {
                String v = switch (col) {
                    case "Author" -> b.author();
                    case "Genre" -> HiddenCatalogue.label(b.genre());
                    case "Language" -> HiddenCatalogue.label(b.language());
                    case "Country" -> HiddenCatalogue.label(b.country());
                    case "Publisher" -> HiddenCatalogue.label(b.publisher());
                    case "Format" -> HiddenCatalogue.label(b.format());
                    case "Audience" -> HiddenCatalogue.label(b.audience());
                    default -> String.valueOf(b.year());
                };
                body.append("<td>").append(esc(v)).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</table>");
        if (more) {
            Map<String, String> next = new LinkedHashMap<>(p);
            next.put("page", String.valueOf(s.page + 1));
            body.append("<p><a rel=\"next\" href=\"").append(esc(actionPath(form) + "?" + encode(next)))
                    .append("\">next</a></p>");
        }
        return TestResponse.html(page(title, body.toString()));
    }

    private TestResponse detail(RecordedRequest r) {
        String path = r.path();
        if (!path.startsWith("/item/")) {
            return TestResponse.html(404, page("Not found", "<p>No such page.</p>"));
        }
        int id;
        try {
            id = Integer.parseInt(path.substring("/item/".length()));
        } catch (NumberFormatException e) {
            return TestResponse.html(404, page("Not found", "<p>No such book.</p>"));
        }
        if (id < 1 || id > books.size()) {
            return TestResponse.html(404, page("Not found", "<p>No such book.</p>"));
        }
        Book b = books.get(id - 1); // the same rows as the database's, loaded from this list
        String html = "<p><a href=\"/\">Home</a></p><h1 class=\"title\">" + esc(b.title()) + "</h1>"
                + "<p class=\"author\">by " + esc(b.author()) + "</p><table class=\"facts\">"
                + fact("Catalogue number", b.number()) + fact("Genre", HiddenCatalogue.label(b.genre()))
                + fact("Language", HiddenCatalogue.label(b.language()))
                + fact("Country", HiddenCatalogue.label(b.country())) + fact("Year", String.valueOf(b.year()))
                + fact("Format", HiddenCatalogue.label(b.format()))
                + fact("Publisher", HiddenCatalogue.label(b.publisher()))
                + fact("Audience", HiddenCatalogue.label(b.audience()))
                + fact("Availability", b.withdrawn() ? "Withdrawn" : "In print") + "</table>";
        return TestResponse.html(page(b.title() + " — Bookshelf", html));
    }

    private static String fact(String name, String value) {
        return "<tr><th>" + esc(name) + "</th><td>" + esc(value) + "</td></tr>";
    }

    private static void bind(PreparedStatement ps, List<Object> args) throws SQLException {
        for (int i = 0; i < args.size(); i++) {
            ps.setObject(i + 1, args.get(i));
        }
    }

    private static String select(String name, String label, String any, List<String> values, boolean required) {
        StringBuilder sb = new StringBuilder("<label for=\"").append(name).append("\">").append(label)
                .append("</label> <select id=\"").append(name).append("\" name=\"").append(name).append('"')
                .append(required ? " required" : "").append('>');
        if (any != null) {
            sb.append("<option value=\"\">").append(esc(any)).append("</option>");
        }
        for (String v : values) {
            sb.append("<option value=\"").append(esc(v)).append("\">").append(esc(HiddenCatalogue.label(v)))
                    .append("</option>");
        }
        return sb.append("</select> ").toString();
    }

    private static String page(String title, String body) {
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title)
                + "</title></head><body>" + body + "</body></html>";
    }

    private static String encode(Map<String, String> p) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : p.entrySet()) {
            if (sb.length() > 0) {
                sb.append('&');
            }
            sb.append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
        }
        return sb.toString();
    }

    /** Lower-cased letter runs: the words a keyword search matches (title and author). */
    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    /** The words of {@code text} a keyword search matches, as a set (for tests' own filters). */
    public static Set<String> keywordsOf(String text) {
        return new TreeSet<>(words(text));
    }

    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }
}
