/**
 * Synthetic web sites with ground truth, for reproducing the thesis's protocol (specification §8.6): map a site
 * from its entry with a sample target, learn the navigation pattern, crawl, and compare with the known targets;
 * then {@link dev.shapecrawl.testkit.site.GeneratedSite#grow grow} the site and crawl again.
 *
 * <p>A {@link dev.shapecrawl.testkit.site.SiteShape} says what to build; {@link
 * dev.shapecrawl.testkit.site.GeneratedSite#generate} builds it (seeded, byte-identical for the same shape) and
 * serves it on a {@link dev.shapecrawl.testkit.web.TestWebServer}. The presets:
 *
 * <table>
 * <caption>Presets (default seeds)</caption>
 * <tr><th>preset</th><th>URL style</th><th>pages</th><th>targets</th><th>exercises</th></tr>
 * <tr><td>{@code ejazz()}</td><td>{@code /detail.asp?cd=N}</td><td>175</td><td>150</td><td>shortcut anomaly
 *     (§4.3), NP choice by target count (§5.6, §5.7)</td></tr>
 * <tr><td>{@code paginatedCatalogue()}</td><td>{@code /artist/N}</td><td>389</td><td>180</td><td>{@code page=N}
 *     chains deeper than mapping's depth limit, print views, broken entries (§5.2, §8.6)</td></tr>
 * <tr><td>{@code deepHierarchy()}</td><td>{@code /artist/N}</td><td>180</td><td>144</td><td>sections →
 *     subsections → lists → targets, recursive GROUP (§5.2)</td></tr>
 * <tr><td>{@code dblpAuthors()}</td><td>{@code /a-tree/l/Last:First.html}</td><td>117</td><td>96</td><td>TOKENIZE
 *     and TOKENREGEX on DBLP names (§5.5), sibling-level distractors</td></tr>
 * <tr><td>{@code mixedDistractors()}</td><td>{@code /artist/N}</td><td>162</td><td>60</td><td>URLsim with K = 2
 *     (§5.3): articles and print views within two levels of the targets</td></tr>
 * <tr><td>{@code farDistractors()}</td><td>{@code /artist/N}</td><td>162</td><td>60</td><td>the control: article
 *     URLs of another level count</td></tr>
 * <tr><td>{@code queryCatalogue()}</td><td>{@code /detail.asp?cd=N}</td><td>504</td><td>240</td><td>query-style lists with
 *     {@code ?page=N}, 20 per page, print views one parameter away</td></tr>
 * <tr><td>{@code tiny()}</td><td>{@code /artist/N}</td><td>19</td><td>10</td><td>fast end-to-end tests</td></tr>
 * </table>
 */
package dev.shapecrawl.testkit.site;
