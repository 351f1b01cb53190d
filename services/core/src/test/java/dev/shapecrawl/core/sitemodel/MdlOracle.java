package dev.shapecrawl.core.sitemodel;

import java.util.ArrayList;
import java.util.List;

/**
 * The model update as it was before {@link IncrementalMdl}: every alternative model (the candidate as a new class,
 * or merged into each class in turn) costed from scratch with {@link Mdl#cost}. The oracle of
 * {@link IncrementalMdlTest}; test scope only.
 */
final class MdlOracle {
    private MdlOracle() {
    }

    /** Thesis §3.3.4 / spec §3.6: new class or the cheapest merge, whichever costs less; a tie makes a new class. */
    static List<PageClass> update(List<PageClass> model, PageClass candidate, SiteModelSettings settings,
                                  Mdl.Encoding encoding) {
        List<PageClass> added = new ArrayList<>(model);
        added.add(candidate);
        if (model.isEmpty()) {
            return added;
        }
        List<PageClass> best = null;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int i = 0; i < model.size(); i++) {
            List<PageClass> merged = new ArrayList<>(model);
            merged.set(i, model.get(i).union(candidate));
            double cost = Mdl.cost(merged, settings, false, encoding);
            if (cost < bestCost) {
                bestCost = cost;
                best = merged;
            }
        }
        return bestCost < Mdl.cost(added, settings, false, encoding) ? best : added;
    }
}
