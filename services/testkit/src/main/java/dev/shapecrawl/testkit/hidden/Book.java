package dev.shapecrawl.testkit.hidden;

/**
 * One record of the hidden-web site's database (table {@code book}); the target of a detail page {@code /item/<id>}.
 *
 * @param id        1..N, the detail page's number
 * @param title     two to four title-cased words
 * @param author    "First Last"
 * @param genre     a value of {@link HiddenCatalogue#GENRES}
 * @param language  a value of {@link HiddenCatalogue#LANGUAGES}
 * @param country   a value of {@link HiddenCatalogue#COUNTRIES}
 * @param year      publication year, 1900..2024
 * @param format    a value of {@link HiddenCatalogue#FORMATS}
 * @param publisher a value of {@link HiddenCatalogue#PUBLISHERS}
 * @param audience  a value of {@link HiddenCatalogue#AUDIENCES}
 * @param withdrawn withdrawn from sale: the public search form does not find it, the publisher catalogue does
 */
public record Book(int id, String title, String author, String genre, String language, String country, int year,
                   String format, String publisher, String audience, boolean withdrawn) {

    /** The catalogue number shown in result rows ({@code BK-00042}), which keeps every row's text unique. */
    public String number() {
        return String.format("BK-%05d", id);
    }
}
