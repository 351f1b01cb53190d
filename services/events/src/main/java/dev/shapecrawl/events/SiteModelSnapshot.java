package dev.shapecrawl.events;

import java.util.List;

/**
 * A job's site model as inferred from its last mapping (seed 001, Cibecchini 2017: page classes joined by typed class
 * links, spec §1.2, §2.5), with the site-wide target decision laid over its classes (issue 18). Topic
 * {@link Topics#SITE_MODELS} (compacted), key {@code jobId}: the latest model per job is kept, for the CLI's
 * {@code shapecrawl model} and any other reader.
 *
 * @param jobId          the job
 * @param modelVersion   the mapping the model was inferred from (1 for the job's first mapping), >= 1
 * @param entryUrl       the entry point inference started from
 * @param mappedPages    pages the mapping classified, the pool inference sampled from, >= 0
 * @param sampledPages   pages inference read, the pages of its classes: at most its budget n (default 200, spec §10)
 *                       and at most {@code mappedPages} when inferred from a mapping, >= 0
 * @param classes        the page classes, largest first; a class link names them by {@link PageClass#id()}
 * @param links          the class links, each (source, path, type, destination) once
 * @param decisionStatus the target decision's status: {@code DECIDED}, {@code AMBIGUOUS}, {@code NONE}, or
 *                       {@code FIXED} when the job fixed its own similarity threshold
 * @param targetThreshold the decision's similarity threshold, 0..1, or null when there is none
 * @param decision       the decision for people: how many pages it takes and why, or the ambiguity it met
 */
public record SiteModelSnapshot(String jobId, long modelVersion, String entryUrl, int mappedPages, int sampledPages,
                                List<PageClass> classes, List<ClassLink> links, String decisionStatus,
                                Double targetThreshold, String decision) {
    public SiteModelSnapshot {
        JobIds.require(jobId);
        if (modelVersion < 1) {
            throw new IllegalArgumentException("modelVersion: must be >= 1, was " + modelVersion);
        }
        Urls.requireHttp("entryUrl", entryUrl);
        Checks.nonNegative("mappedPages", mappedPages);
        Checks.nonNegative("sampledPages", sampledPages);
        classes = Checks.list(classes);
        links = Checks.list(links);
        Checks.nonBlank("decisionStatus", decisionStatus);
        Checks.unitInterval("targetThreshold", targetThreshold);
    }

    /** The number of target classes. */
    public long targetClasses() {
        return classes.stream().filter(PageClass::target).count();
    }

    /**
     * One page class of the model.
     *
     * @param id               the class's number in this model, 1.. (largest class first)
     * @param size             sampled pages in the class, >= 1
     * @param pages            its sampled pages' URLs (after redirects), in the order they joined the class; at most
     *                         {@code size} (every one, as inference sampled at most n = 200 pages in all)
     * @param distinctivePaths up to five element paths (a {@code link:} or {@code text:} prefix, then the path) that
     *                         most of its pages have and the rest of the sample mostly lacks, most telling first
     * @param target           whether the target decision takes the class: most of its sampled pages are targets
     * @param targetPages      of its pages, those the target decision takes, 0..size
     * @param minSimilarity    the lowest similarity to the samples among its pages, 0..1, or null when none was
     *                         classified
     * @param maxSimilarity    the highest, 0..1, or null
     * @param why              why the class is or is not a target, for people
     */
    public record PageClass(int id, int size, List<String> pages, List<String> distinctivePaths, boolean target,
                            int targetPages, Double minSimilarity, Double maxSimilarity, String why) {
        public PageClass {
            if (id < 1) {
                throw new IllegalArgumentException("id: must be >= 1, was " + id);
            }
            if (size < 1) {
                throw new IllegalArgumentException("size: must be >= 1, was " + size);
            }
            pages = Checks.list(pages);
            if (pages.size() > size) {
                throw new IllegalArgumentException("pages: at most size " + size + ", were " + pages.size());
            }
            distinctivePaths = Checks.list(distinctivePaths);
            if (targetPages < 0 || targetPages > size) {
                throw new IllegalArgumentException("targetPages: must be in 0.." + size + ", was " + targetPages);
            }
            Checks.unitInterval("minSimilarity", minSimilarity);
            Checks.unitInterval("maxSimilarity", maxSimilarity);
        }

        /** Up to three of its pages, the first to join: examples for people. */
        public List<String> examples() {
            return pages.subList(0, Math.min(3, pages.size()));
        }
    }

    /**
     * A class link (spec §2.5): from any page of class {@code source}, the links at {@code path} lead to pages of
     * class {@code destination}.
     *
     * @param source      the source class's id
     * @param destination the destination class's id
     * @param path        the link collection's element path: the default level, or the version path refinement gave
     *                    it (spec §2.6, §3.5)
     * @param type        {@code LIST}, {@code MENU} or {@code SINGLETON} (spec §2.3)
     * @param anchor      a menu's subtype, {@code FIXED} (the same URLs on every page of the source class that has the
     *                    path) or {@code VARIABLE} (spec §2.3); null for a list or a singleton (omitted from JSON)
     */
    public record ClassLink(int source, int destination, String path, String type, String anchor) {
        public ClassLink {
            Checks.nonBlank("path", path);
            Checks.nonBlank("type", type);
            if (anchor != null && !anchor.equals("FIXED") && !anchor.equals("VARIABLE")) {
                throw new IllegalArgumentException("anchor: FIXED, VARIABLE or absent, was " + anchor);
            }
        }

        /** A link without an anchor subtype (a list or a singleton). */
        public ClassLink(int source, int destination, String path, String type) {
            this(source, destination, path, type, null);
        }
    }
}
