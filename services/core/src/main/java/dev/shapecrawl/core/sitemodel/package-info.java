/**
 * The site model of seed 001 (Cibecchini 2017, "Smart crawling di siti web strutturati"; specification
 * {@code shared/specs/cibecchini-2017-site-model-crawling.md}, cited as "spec §n"): pages as link and text
 * collections at root-to-element paths ({@link dev.shapecrawl.core.sitemodel.ElementPath}, the expressiveness
 * lattice; {@link dev.shapecrawl.core.sitemodel.SitePage}, {@link dev.shapecrawl.core.sitemodel.PageParser}), page
 * classes and their schemas ({@link dev.shapecrawl.core.sitemodel.PageClass}), the structural distance
 * ({@link dev.shapecrawl.core.sitemodel.SchemaDistance}), candidate classes
 * ({@link dev.shapecrawl.core.sitemodel.Candidates}), tf-idf path weights and the MDL choice between models
 * ({@link dev.shapecrawl.core.sitemodel.Mdl}; the update kept incrementally by
 * {@link dev.shapecrawl.core.sitemodel.IncrementalMdl}), all tuned by {@link dev.shapecrawl.core.sitemodel.SiteModelSettings}.
 *
 * <p>Where the thesis is silent, the specification's §8 resolutions are taken, and named where they are used.
 * Plain Java; no Kafka, no Quarkus.
 */
package dev.shapecrawl.core.sitemodel;
