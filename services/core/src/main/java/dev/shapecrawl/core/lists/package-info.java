/**
 * SWLE, the Structured Web List Extractor (Agostinho 2015, UFSC bachelor's thesis; English specification
 * {@code shared/specs/agostinho-2015-swle.md}): finds runs of sibling text records whose special characters agree
 * in presence, quantity and order, and splits them into columns.
 *
 * <p>{@link dev.shapecrawl.core.lists.SwleExtractor} is the entry point; {@link dev.shapecrawl.core.lists.SwleSettings}
 * holds the thesis's five variables, its eight settings S1–S8 (default S2) and which of shapecrawl's
 * {@link dev.shapecrawl.core.lists.Addition}s beyond the seed are on (all, by default). The stages are one class each: {@link dev.shapecrawl.core.lists.Tokenizer} (spec §3.2),
 * {@link dev.shapecrawl.core.lists.TextRecord} (records and the CR rule, §4.0),
 * {@link dev.shapecrawl.core.lists.Grouping} (derivation, clustering and validation, §4.1–§4.3),
 * {@link dev.shapecrawl.core.lists.Identity} (§4.2), {@link dev.shapecrawl.core.lists.Separation} (the corrected
 * greedy separation and column pruning, §4.4) and {@link dev.shapecrawl.core.lists.SplitListMerger} (beyond the
 * seed: one list split across sibling containers, thesis §5.6 future work). Design and measurements:
 * {@code docs/lists.md}; results: {@code docs/evaluation.md}.
 */
package dev.shapecrawl.core.lists;
