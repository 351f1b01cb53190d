/**
 * A hidden-web test site with ground truth, for form probing (Moraes 2013; spec
 * {@code shared/specs/moraes-2013-form-probing-itp.md}): {@link dev.shapecrawl.testkit.hidden.HiddenWebSite} serves
 * search forms over a real embedded database (H2 in memory) holding the records of
 * {@link dev.shapecrawl.testkit.hidden.HiddenCatalogue}, whose detail pages no page links to except result pages.
 * The evaluation that uses it: {@code docs/evaluation.md}, "Form probing: ITP (issue 7)".
 */
package dev.shapecrawl.testkit.hidden;
