package dev.shapecrawl.core.forms;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Madhavan et al. 2008's template test (ISIT), the TP baseline of Moraes 2013 (§3.1.6, spec §2.6 and §4.5): a
 * template is informative if its submissions' result pages are distinct enough.
 *
 * <p>{@code distinctness(t) = |distinct page signatures among t's non-error, non-empty pages| / |t's submissions|};
 * error and empty pages count in the denominator only (they "look alike" and carry nothing). Under ITTP the
 * fraction is taken over the instances actually submitted after ITP pruning, which is how ITP can turn a template
 * informative (thesis, Figure 5.7 discussion).
 *
 * @param tau τ, the threshold, 0..1, compared with {@code >=}
 */
public record TemplateInformativeness(double tau) {
    /** @throws IllegalArgumentException if τ is outside [0, 1] */
    public TemplateInformativeness {
        if (!(tau >= 0 && tau <= 1)) {
            throw new IllegalArgumentException("tau: must be in [0, 1], was " + tau);
        }
    }

    /**
     * The distinctness fraction of a template's submissions, 0..1; 0 when nothing was submitted.
     *
     * @param submissions the template's submissions
     */
    public static double distinctness(List<Submission> submissions) {
        if (submissions.isEmpty()) {
            return 0;
        }
        Set<String> signatures = new HashSet<>();
        for (Submission s : submissions) {
            if (!s.error() && s.recordCount() > 0) {
                signatures.add(s.pageSignature());
            }
        }
        return (double) signatures.size() / submissions.size();
    }

    /** True if {@code distinctness(submissions) >= τ} and something was submitted. */
    public boolean informative(List<Submission> submissions) {
        return !submissions.isEmpty() && distinctness(submissions) >= tau;
    }
}
