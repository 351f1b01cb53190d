package dev.shapecrawl.console;

import dev.shapecrawl.events.NavigationPattern;
import dev.shapecrawl.events.SiteModelSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One job as its page shows it: the summary, the navigation pattern, the site model, and the similarities of the
 * mapping's pages as a histogram around the target decision's boundary.
 *
 * @param summary     the jobs page's row
 * @param pattern     the latest navigation pattern, or null
 * @param model       the latest site model, or null
 * @param histogram   the mapping's pages by similarity to the samples
 * @param neighbours  the classes just outside the boundary: non-target classes, highest similarity first (at most 3)
 * @param targetCount target pages found so far (the targets list's size)
 * @param forms       the job's search forms and what probing made of them (hidden-web jobs; empty otherwise)
 */
public record JobDetail(JobSummary summary, NavigationPattern pattern, SiteModelSnapshot model, Histogram histogram,
                        List<Neighbour> neighbours, int targetCount, List<FormProbeView> forms) {

    /** Bins of width 1/{@link #BINS} over 0..1. */
    public static final int BINS = 20;

    /**
     * @param counts    pages per bin, {@link #BINS} of them, bin i covering [i/BINS, (i+1)/BINS) (the last one
     *                  includes 1)
     * @param targets   of those, the pages the classifier took for targets
     * @param pages     pages counted (the mapping's pages with a similarity)
     * @param threshold the target decision's boundary (0..1), or null when the decision has none
     */
    public record Histogram(int[] counts, int[] targets, int pages, Double threshold) {
    }

    /**
     * A class outside the boundary.
     *
     * @param id            the class's id in the model
     * @param size          its sampled pages
     * @param maxSimilarity its pages' highest similarity to the samples, 0..1
     * @param why           the model's reason it is not a target
     */
    public record Neighbour(int id, int size, double maxSimilarity, String why) {
    }

    /** The histogram of {@code similarities} (0..1 each; {@code target} marks the classifier's targets). */
    static Histogram histogram(List<double[]> similarities, Double threshold) {
        int[] counts = new int[BINS];
        int[] targets = new int[BINS];
        for (double[] s : similarities) {
            int bin = Math.min(BINS - 1, Math.max(0, (int) Math.floor(s[0] * BINS)));
            counts[bin]++;
            if (s[1] > 0) {
                targets[bin]++;
            }
        }
        return new Histogram(counts, targets, similarities.size(), threshold);
    }

    /** The non-target classes of {@code model} nearest the boundary, highest similarity first. */
    static List<Neighbour> neighbours(SiteModelSnapshot model) {
        List<Neighbour> out = new ArrayList<>();
        if (model == null) {
            return out;
        }
        for (SiteModelSnapshot.PageClass c : model.classes()) {
            if (!c.target() && c.maxSimilarity() != null) {
                out.add(new Neighbour(c.id(), c.size(), c.maxSimilarity(), c.why() == null ? "" : c.why()));
            }
        }
        out.sort(Comparator.comparingDouble(Neighbour::maxSimilarity).reversed());
        return List.copyOf(out.subList(0, Math.min(3, out.size())));
    }
}
