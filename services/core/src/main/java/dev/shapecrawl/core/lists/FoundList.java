package dev.shapecrawl.core.lists;

import java.util.List;

/**
 * A list as grouping found it: the pruned list, and its rows before column pruning, which
 * {@link SplitListMerger} needs to merge parts whose pruning differed (one part's constant column is another's
 * data).
 *
 * @param list      the list, columns pruned
 * @param separated every row cut into {@code separators.size() + 1} cells, before pruning
 */
record FoundList(ExtractedList list, List<List<String>> separated) {
}
