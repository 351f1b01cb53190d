/**
 * Pages as ordered labelled trees, the input of the structural similarities.
 *
 * <p>Pipeline: {@link dev.shapecrawl.core.tree.HtmlTrees#parse} (jsoup, depth-limited) → a jsoup
 * {@code Document} → {@link dev.shapecrawl.core.tree.TreeBuilder} (iterative, node-count-limited, labels chosen by
 * a {@link dev.shapecrawl.core.tree.Labeller}) → a compact, immutable
 * {@link dev.shapecrawl.core.tree.LabelledTree} whose labels are ids in a shared
 * {@link dev.shapecrawl.core.tree.LabelDictionary}. {@link dev.shapecrawl.core.tree.SubtreeClasses} finds identical
 * subtrees of two trees in linear time, for RTDM.
 *
 * <p>Source: Vidal (2006), thesis §2.2 (pages are ordered, labelled, rooted trees) and the specification derived
 * from it, {@code shared/specs/vidal-2006-navigation-patterns.md} §3.2 (pre-processing) and §3.3 (identical
 * subtrees). The thesis gives no pre-processing rules; the ones here are the specification's reconstruction [R].
 *
 * <p>Nothing here recurses over the tree: pages can nest 100,000 levels deep.
 */
package dev.shapecrawl.core.tree;
