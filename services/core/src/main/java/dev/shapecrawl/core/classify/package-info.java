/**
 * Classifying fetched pages of a job against its sample pages: the core of the classifier service.
 * {@link dev.shapecrawl.core.classify.JobModel} prepares a job's samples once;
 * {@link dev.shapecrawl.core.classify.PageClassifier} turns one {@code pages-fetched} event into its
 * {@code pages-classified} event (and a {@code target-pages} event for a target page), in bounded time and
 * memory whatever the page holds. {@link dev.shapecrawl.core.classify.TargetDecision} decides the target pages of a
 * whole mapped site by its similarity distribution, and {@link dev.shapecrawl.core.classify.InnerBoundary} checks that
 * decision against the site model's classes.
 */
package dev.shapecrawl.core.classify;
