package io.cpufeatures.x86.rules;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.testing.Corpus;
import io.cpufeatures.x86.testing.TraceAgreement;
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
        TraceAgreement agreement = new TraceAgreement(vocabulary.features().keySet(), vocabulary.policyFlags(),
                vocabulary.groups().keySet());
        for (Corpus.Entry e : corpus.entries()) {
            for (CpuKind<CpuidSnapshot> g : Corpus.dump(e.original()).kinds()) {
                agreement.check(e.id(), CpuFeatures.of(g.cpu()));
            }
        }
        agreement.assertNone(300);
    }
}
