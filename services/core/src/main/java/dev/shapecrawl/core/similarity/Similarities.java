package dev.shapecrawl.core.similarity;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The structural similarities by name, so jobs can choose one ({@code CrawlSeed.similarityMeasure}).
 *
 * <p>Known: {@value RtdmTemplateSimilarity#NAME} ({@link RtdmTemplateSimilarity}, the default) and
 * {@value RtdmPlainSimilarity#NAME} ({@link RtdmPlainSimilarity}, the seed measure, kept for comparison).
 */
public final class Similarities {

    /**
     * The measure used when a job names none: {@value RtdmTemplateSimilarity#NAME}, the only one measured to
     * separate page classes on real sites at one threshold with one sample (docs/evaluation.md).
     */
    public static final String DEFAULT_NAME = RtdmTemplateSimilarity.NAME;

    private static final Map<String, Supplier<StructuralSimilarity>> KNOWN = new TreeMap<>(Map.of(
            RtdmPlainSimilarity.NAME, RtdmPlainSimilarity::new,
            RtdmTemplateSimilarity.NAME, RtdmTemplateSimilarity::new));

    private Similarities() {
    }

    /**
     * A new instance of the named measure, with its default settings.
     *
     * @param name a registry name, exact (case-sensitive)
     * @return the measure
     * @throws IllegalArgumentException if the name is null or unknown; the message lists the known names
     */
    public static StructuralSimilarity named(String name) {
        Supplier<StructuralSimilarity> factory = name == null ? null : KNOWN.get(name);
        if (factory == null) {
            throw new IllegalArgumentException(
                    "unknown structural similarity '" + name + "'; known: " + String.join(", ", KNOWN.keySet()));
        }
        return factory.get();
    }

    /** A new instance of the default measure, {@value #DEFAULT_NAME}. */
    public static StructuralSimilarity defaultSimilarity() {
        return named(DEFAULT_NAME);
    }

    /** The known names, sorted. */
    public static List<String> names() {
        return List.copyOf(KNOWN.keySet());
    }
}
