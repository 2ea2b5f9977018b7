package io.cpufeatures.x86.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.Trace;
import io.cpufeatures.core.trace.Verdict;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Whether the traces of decoded CPUs agree with their answers, for any architecture's tests (the arm64 module's tests
 * read it from this module's test jar, where the kit's types are out of reach: it takes the vocabulary's names, not the
 * vocabulary): for every name of a vocabulary (features, policy flags, groups), the trace
 * holds exactly when the decoded answer does, and a feature's trace carries the decoder's presence and reasons (an
 * absent feature's verdict is NOT_PRESENT, shown by its presence check rather than a reason). It gathers the
 * disagreements of every CPU it is given, and {@link #assertNone} fails with the first of them.
 */
public final class TraceAgreement {

    private final Collection<String> features;
    private final Collection<String> policyFlags;
    private final Collection<String> groups;
    private final List<String> problems = new ArrayList<>();
    private int checks;

    /**
     * An agreement check over the names of an architecture's vocabulary.
     *
     * @param features    its features' names
     * @param policyFlags its policy flags
     * @param groups      its groups' names
     */
    public TraceAgreement(Collection<String> features, Collection<String> policyFlags, Collection<String> groups) {
        this.features = features;
        this.policyFlags = policyFlags;
        this.groups = groups;
    }

    /**
     * Checks every name of the vocabulary on {@code cpu}.
     *
     * @param label what the CPU is, for a disagreement's line
     * @param cpu   the decoded CPU
     */
    public void check(String label, CpuFeatures cpu) {
        for (String feature : features) {
            FeatureTrace t = (FeatureTrace) cpu.trace(feature).orElseThrow();
            checks++;
            // An absent feature's trace says so in its presence check (the bit is 0) and keeps its
            // reasons for what fell after presence; the decoder's one reason is then NOT_PRESENT.
            List<Reason> expected = t.verdict() == Verdict.NOT_PRESENT
                    ? cpu.reasons(feature).stream().filter(r -> r.kind() != ReasonKind.NOT_PRESENT).toList()
                    : cpu.reasons(feature);
            if (t.holds() != cpu.has(feature) || t.presence().holds() != cpu.isPresent(feature)
                    || (t.verdict() == Verdict.NOT_PRESENT) == cpu.isPresent(feature)
                    || !t.reasons().equals(expected)) {
                problems.add(label + " " + feature + ": trace " + t.verdict() + " " + t.reasons()
                        + ", decoded has=" + cpu.has(feature) + " present=" + cpu.isPresent(feature) + " "
                        + cpu.reasons(feature));
            }
        }
        for (String flag : policyFlags) {
            Trace t = cpu.trace(flag).orElseThrow();
            checks++;
            if (t.holds() != cpu.policyFlags().contains(flag)) {
                problems.add(label + " policy " + flag + ": trace " + t.holds() + ", decoded " + cpu.policyFlags());
            }
        }
        for (String group : groups) {
            Trace t = cpu.trace(group).orElseThrow();
            checks++;
            if (t.holds() != cpu.has(group)) {
                problems.add(label + " group " + group + ": trace " + t.holds() + ", decoded " + cpu.has(group));
            }
        }
    }

    /**
     * Fails if any trace disagreed, with the first twenty disagreements, or if fewer than {@code perFeature} names
     * per feature of the vocabulary were checked.
     *
     * @param perFeature the fewest checks per feature of the vocabulary, so that an empty corpus cannot pass
     */
    public void assertNone(int perFeature) {
        assertTrue(problems.isEmpty(), problems.size() + " traces disagree, e.g.\n"
                + String.join("\n", problems.subList(0, Math.min(20, problems.size()))));
        assertTrue(checks > perFeature * features.size(), "checked " + checks);
    }
}
