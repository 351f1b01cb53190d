/**
 * Structural similarity between pages' trees: {@link dev.shapecrawl.core.similarity.StructuralSimilarity} and its
 * implementations, chosen by name through {@link dev.shapecrawl.core.similarity.Similarities}.
 *
 * <p>The seed measure is RTDM, the restricted top-down tree edit distance (Vidal 2006, thesis §2.2; de Castro
 * Reis et al., WWW 2004), normalised to a similarity ({@code rtdm-plain}). The thesis gives the definitions and
 * the complexity but no pseudo-code, costs, normalisation or threshold; those follow the specification
 * {@code shared/specs/vidal-2006-navigation-patterns.md} §3.4–§3.5 and §12, where they are marked [R]
 * (reconstruction, not the thesis).
 *
 * <p>The default measure is {@code rtdm-template} ({@link dev.shapecrawl.core.similarity.RtdmTemplateSimilarity}):
 * RTDM between weighted label-path tries of pages labelled with stable class tokens, which fixes the seed's
 * failures on real sites (issue 3; design and measurements in {@code docs/similarity.md}, results in
 * {@code docs/evaluation.md}). {@link dev.shapecrawl.core.similarity.SampleSet} is the classifier over one or more
 * samples.
 */
package dev.shapecrawl.core.similarity;
