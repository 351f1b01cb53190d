package dev.shapecrawl.core.classify;

import dev.shapecrawl.core.similarity.SampleSet;
import dev.shapecrawl.core.similarity.Similarities;
import dev.shapecrawl.core.similarity.StructuralSimilarity;
import dev.shapecrawl.core.tree.HtmlTrees;
import dev.shapecrawl.core.tree.LabelDictionary;
import dev.shapecrawl.core.tree.LabelledTree;
import dev.shapecrawl.core.tree.TreeBuilder;
import dev.shapecrawl.events.SamplePage;

import java.util.ArrayList;
import java.util.List;

/**
 * What "a target page" means for one job: its ready samples, parsed and prepared once with the job's structural
 * similarity (the classifier's default, {@link Similarities#defaultSimilarity()}, unless the job's seed names
 * one) and threshold. Immutable and thread-safe; build a new one when the job's samples change.
 *
 * <p>Each job has its own {@link LabelDictionary}, so one job's labels cannot crowd out another's (the
 * dictionary is bounded, see its Javadoc).
 */
public final class JobModel {
    private final List<String> sampleIds;
    private final SampleSet samples;
    private final SampleSet negatives;
    private final TreeBuilder trees;

    private JobModel(List<String> sampleIds, SampleSet samples, SampleSet negatives, TreeBuilder trees) {
        this.sampleIds = sampleIds;
        this.samples = samples;
        this.negatives = negatives;
        this.trees = trees;
    }

    /**
     * @param samples   the job's samples, positive and negative ({@link SamplePage#negativeSample()}); only READY ones
     *                  are used
     * @param measure   the similarity's name, or null for the default
     * @param threshold the job's threshold in 0..1, or null for the measure's default (several samples: informed
     *                  by sample-to-sample similarity, see {@link SampleSet})
     * @param maxNodes  the node limit of every tree, samples included ({@link TreeBuilder#DEFAULT_MAX_NODES})
     * @return the model, or null when no positive sample is READY
     * @throws IllegalArgumentException if {@code measure} names no known similarity
     */
    public static JobModel of(List<SamplePage> samples, String measure, Double threshold, int maxNodes) {
        StructuralSimilarity similarity = measure == null ? Similarities.defaultSimilarity()
                : Similarities.named(measure);
        TreeBuilder trees = new TreeBuilder(new LabelDictionary(), similarity.labeller(), maxNodes);
        List<String> ids = new ArrayList<>();
        List<LabelledTree> sampleTrees = new ArrayList<>();
        List<LabelledTree> negativeTrees = new ArrayList<>();
        for (SamplePage s : samples) {
            if (s.status() == SamplePage.Status.READY) {
                LabelledTree tree = HtmlTrees.tree(s.html(), s.url() == null ? "" : s.url(), trees);
                if (s.negativeSample()) {
                    negativeTrees.add(tree);
                } else {
                    ids.add(s.sampleId());
                    sampleTrees.add(tree);
                }
            }
        }
        if (ids.isEmpty()) {
            return null;
        }
        SampleSet set = threshold == null ? SampleSet.of(similarity, sampleTrees)
                : SampleSet.withThreshold(similarity, sampleTrees, threshold);
        SampleSet negative = negativeTrees.isEmpty() ? null : SampleSet.withThreshold(similarity, negativeTrees, 1.0);
        return new JobModel(List.copyOf(ids), set, negative, trees);
    }

    /** The ids of the samples in use, in the order {@link SampleSet.Classification#nearestSample()} indexes. */
    public List<String> sampleIds() {
        return sampleIds;
    }

    /** The prepared samples with their similarity and effective threshold. */
    public SampleSet samples() {
        return samples;
    }

    /**
     * The page's similarity to the nearest negative sample (the measure's raw value, as
     * {@link SampleSet.Classification#similarity()}), or null when the job has none.
     *
     * @param page a tree built by {@link #trees()}
     */
    public Double negativeSimilarity(LabelledTree page) {
        return negatives == null ? null : negatives.classify(page).similarity();
    }

    /** Builds page trees with the measure's labelling and this job's dictionary. */
    public TreeBuilder trees() {
        return trees;
    }
}
