package io.cpufeatures.x86.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.table.XsaveComponent;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.x86.table.X86Table;
import io.cpufeatures.x86.testing.Corpus;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The decoder against the corpus oracle: for every dump, the identity and every consensus flag of
 * every distinct CPU equal ours, and the corpus's inference of enabled AVX and AVX-512 state equals
 * our inferred XCR0. The consensus comes from decoders outside this project.
 */
class ConsensusConformanceTest {

    /** What one CPU is, in the terms the consensus uses. */
    private record View(String vendor, String signature, long family, long model, long stepping, String brand,
            Map<String, Boolean> flags) {
    }

    @Test
    void identityAndPresentFlagsAgreeWithTheConsensusOnEveryDump() throws Exception {
        Corpus corpus = Corpus.require();
        int dumps = 0;
        int cpus = 0;
        int flagChecks = 0;
        List<String> problems = new ArrayList<>();
        for (Corpus.Entry e : corpus.entries()) {
            JsonNode expectedCpus = Corpus.json(e.consensus()).get("cpus");
            SnapshotDump<CpuidSnapshot> dump = Corpus.dump(e.original());
            Set<View> expected = new LinkedHashSet<>();
            for (JsonNode o : expectedCpus) {
                expected.add(expectedView(o));
            }
            Set<String> names = expected.iterator().next().flags().keySet();
            Set<View> ours = new LinkedHashSet<>();
            for (CpuKind<CpuidSnapshot> g : dump.kinds()) {
                ours.add(ourView(X86DecodedCpu.of(g.cpu()), names));
            }
            dumps++;
            cpus += expected.size();
            flagChecks += expected.size() * names.size();
            if (!expected.equals(ours)) {
                problems.add(e.id() + ":\n" + explain(expected, ours));
            }
        }
        System.out.printf("Consensus conformance: %d dumps, %d distinct CPUs, %d flag checks%n", dumps, cpus, flagChecks);
        assertTrue(problems.isEmpty(), problems.size() + " dumps disagree:\n" + String.join("\n", problems));
        assertEquals(corpus.entries().size(), dumps);
    }

    @Test
    void inferredXcr0AgreesWithTheCorpusInferenceOfAvxAndAvx512State() throws Exception {
        Corpus corpus = Corpus.require();
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Corpus.Entry e : corpus.entries()) {
            JsonNode expectedCpus = Corpus.json(e.consensus()).get("cpus");
            SnapshotDump<CpuidSnapshot> dump = Corpus.dump(e.original());
            for (JsonNode o : expectedCpus) {
                JsonNode xs = o.get("xsave_leaf_0xD");
                if (xs == null || !xs.has("avx_state_enabled_inferred")) {
                    continue;
                }
                String signature = o.get("signature").asText();
                for (CpuKind<CpuidSnapshot> g : dump.kinds()) {
                    X86DecodedCpu info = X86DecodedCpu.of(g.cpu());
                    if (!info.identity().signatureHex().equals(signature) || !info.xcr0().osxsave()) {
                        continue;
                    }
                    checked++;
                    long xcr0 = info.xcr0().value().orElse(0);
                    boolean avx = (xcr0 & XsaveComponent.YMM.mask()) != 0;
                    boolean avx512 = (xcr0 & 0xE0) == 0xE0;
                    if (avx != xs.get("avx_state_enabled_inferred").booleanValue()
                            || avx512 != xs.get("avx512_state_enabled_inferred").booleanValue()) {
                        problems.add(e.id() + ": ours " + info.xcr0().describe() + ", corpus " + xs);
                    }
                }
            }
        }
        System.out.printf("XCR0 inference checked on %d CPUs%n", checked);
        assertTrue(checked > 150, "too few CPUs checked: " + checked);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    private static View expectedView(JsonNode c) {
        Map<String, Boolean> flags = new TreeMap<>();
        c.get("flags").properties().forEach(f -> flags.put(f.getKey(), f.getValue().booleanValue()));
        return new View(c.get("vendor").asText(), c.get("signature").asText(), c.get("family").asLong(),
                c.get("model").asLong(), c.get("stepping").asLong(), c.get("brand").asText(), flags);
    }

    private static View ourView(X86DecodedCpu info, Set<String> names) {
        Map<String, Boolean> flags = new TreeMap<>();
        for (String name : names) {
            X86Feature f = X86Table.FEATURES.require(name, "consensus flag");
            flags.put(name, info.present().contains(f));
        }
        var id = info.identity();
        return new View(id.vendorString(), id.signatureHex(), id.family(), id.model(), id.stepping(), id.brand(), flags);
    }

    private static String explain(Set<View> expected, Set<View> ours) {
        StringBuilder sb = new StringBuilder();
        List<View> e = new ArrayList<>(expected);
        List<View> o = new ArrayList<>(ours);
        for (int i = 0; i < Math.max(e.size(), o.size()); i++) {
            View a = i < e.size() ? e.get(i) : null;
            View b = i < o.size() ? o.get(i) : null;
            if (a == null || b == null) {
                sb.append("   cpu ").append(i).append(": corpus ").append(a).append(" / ours ").append(b).append('\n');
                continue;
            }
            if (!a.vendor().equals(b.vendor()) || !a.signature().equals(b.signature()) || a.family() != b.family()
                    || a.model() != b.model() || a.stepping() != b.stepping() || !a.brand().equals(b.brand())) {
                sb.append("   cpu ").append(i).append(" identity: corpus ").append(a.vendor()).append('/')
                        .append(a.signature()).append('/').append(a.family()).append('/').append(a.model()).append('/')
                        .append(a.stepping()).append(" '").append(a.brand()).append("' ours ").append(b.vendor())
                        .append('/').append(b.signature()).append('/').append(b.family()).append('/').append(b.model())
                        .append('/').append(b.stepping()).append(" '").append(b.brand()).append("'\n");
            }
            for (String k : a.flags().keySet()) {
                if (!a.flags().get(k).equals(b.flags().get(k))) {
                    sb.append("   cpu ").append(i).append(' ').append(k).append(": corpus ").append(a.flags().get(k))
                            .append(" ours ").append(b.flags().get(k)).append('\n');
                }
            }
        }
        return sb.toString();
    }
}
