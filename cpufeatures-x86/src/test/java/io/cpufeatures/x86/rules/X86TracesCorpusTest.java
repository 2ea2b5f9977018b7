package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.CpuidSnapshot;

import io.cpufeatures.x86.rules.X86Architecture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.Trace;
import io.cpufeatures.core.trace.Verdict;
import io.cpufeatures.x86.testing.Corpus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A trace is the decoder's answer explained, never a second opinion: on every CPU of the shared
 * corpus, for every name of the vocabulary (features, policy flags, groups), the trace holds exactly
 * when the decoded answer does, and a feature's trace carries the decoder's presence and reasons (an
 * absent feature's verdict is NOT_PRESENT, shown by its presence check rather than a reason).
 */
class X86TracesCorpusTest {

    @Test
    void everyTraceAgreesWithTheDecodedAnswerOnEveryCorpusCpu() throws Exception {
        Corpus corpus = Corpus.require();
        FeatureVocabulary vocabulary = X86Architecture.INSTANCE.vocabulary();
        List<String> problems = new ArrayList<>();
        int checks = 0;
        for (Corpus.Entry e : corpus.entries()) {
            for (CpuKind<CpuidSnapshot> g : Corpus.dump(e.original()).kinds()) {
                CpuFeatures cpu = CpuFeatures.of(g.cpu());
                for (String feature : vocabulary.features().keySet()) {
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
                        problems.add(e.id() + " " + feature + ": trace " + t.verdict() + " " + t.reasons()
                                + ", decoded has=" + cpu.has(feature) + " present=" + cpu.isPresent(feature) + " "
                                + cpu.reasons(feature));
                    }
                }
                for (String flag : vocabulary.policyFlags()) {
                    Trace t = cpu.trace(flag).orElseThrow();
                    checks++;
                    if (t.holds() != cpu.policyFlags().contains(flag)) {
                        problems.add(e.id() + " policy " + flag + ": trace " + t.holds() + ", decoded "
                                + cpu.policyFlags());
                    }
                }
                for (String group : vocabulary.groups().keySet()) {
                    Trace t = cpu.trace(group).orElseThrow();
                    checks++;
                    if (t.holds() != cpu.has(group)) {
                        problems.add(e.id() + " group " + group + ": trace " + t.holds() + ", decoded "
                                + cpu.has(group));
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " traces disagree, e.g.\n"
                + String.join("\n", problems.subList(0, Math.min(20, problems.size()))));
        assertTrue(checks > 300 * vocabulary.features().size(), "checked " + checks);
    }
}
