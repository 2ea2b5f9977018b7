package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.kit.HotSpotStart;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.probe.HotSpotWordsMain;
import io.cpufeatures.x86.probe.JniCpuid;
import io.cpufeatures.x86.probe.X86Probe;
import io.cpufeatures.x86.testing.Commands;
import io.cpufeatures.x86.testing.HotSpotCpuLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * HotSpot's feature list from the model ({@link HotSpotX86Features}) against the live JVM's own {@code -Xlog:os+cpu}
 * line on this machine, JDK 17 and 25, with no option and each of {@code -XX:UseAVX=0/1/2}, {@code -XX:UseSSE=2} and
 * {@code -XX:MaxVectorSize=16}. Two snapshots: the native probe's, which lacks the topology leaves HotSpot reads for
 * {@code ht} (so the model names {@code ht} unsure, and nothing else), and the same with those leaves read, where the
 * model must give the whole line. Any difference fails, printing both lists. A JDK not installed is skipped, saying so.
 */
class HotSpotFeaturesLiveTest {

    static final List<List<String>> OPTIONS = List.of(List.of(), List.of("-XX:UseAVX=0"), List.of("-XX:UseAVX=1"),
            List.of("-XX:UseAVX=2"), List.of("-XX:UseSSE=2"), List.of("-XX:MaxVectorSize=16"));

    /** What the native probe's snapshot leaves the model unsure of: {@code ht} (no leaf 0xB, no leaf 0x8000001E). */
    static final Set<String> PROBE_UNSURE = Set.of("ht");

    @Test
    void jdk17() throws Exception {
        check(17);
    }

    @Test
    void jdk25() throws Exception {
        check(25);
    }

    private static void check(int jdk) throws Exception {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && System.getProperty("os.name").equals("Linux"),
                "an x86-64 Linux host");
        Optional<Path> java = HotSpotCpuLine.java(jdk);
        assumeTrue(java.isPresent(), "JDK " + jdk + " is not installed (looked in /usr/lib/jvm)");
        CpuidSnapshot probe = X86Probe.system().probe(ProbeMode.NATIVE).snapshot().orElseThrow();
        CpuidSnapshot full = withTopology(probe);
        List<String> wrong = new ArrayList<>();
        for (List<String> options : OPTIONS) {
            List<String> cmd = new ArrayList<>(List.of(java.get().toString()));
            cmd.addAll(options);
            cmd.addAll(List.of("-Xlog:os+cpu", "-version"));
            List<String> live = HotSpotCpuLine.names(Commands.run(null, Map.of(), 120, cmd.toArray(String[]::new)));
            HotSpotStart start = new HotSpotStart(jdk, HotSpotCpuLine.options(options));
            compare("JDK " + jdk + " " + options, live, HotSpotX86Features.list(probe, start),
                    HotSpotX86Features.list(full, start), PROBE_UNSURE, wrong);
        }
        assertEquals(List.of(), wrong);
    }

    /**
     * Compares the live list with the model's for the probe's snapshot (less the names it is unsure of, which must be
     * among {@code allowedUnsure}) and for the snapshot with the topology leaves (every name decided, all equal).
     */
    static void compare(String label, List<String> live, HotSpotFeatureList probe, HotSpotFeatureList full,
            Set<String> allowedUnsure, List<String> wrong) {
        if (!full.complete() || !full.names().equals(live)) {
            wrong.add(label + ", with the topology leaves:\n  live:  " + live + "\n  model: " + full.names()
                    + "\n  unsure: " + full.unsure() + " " + full.unanswered().orElse(""));
        }
        List<String> liveDecided = new ArrayList<>(live);
        liveDecided.removeAll(probe.unsure().keySet());
        if (probe.unanswered().isPresent() || !allowedUnsure.containsAll(probe.unsure().keySet())
                || !probe.names().equals(liveDecided)) {
            wrong.add(label + ", the native probe's snapshot:\n  live less unsure: " + liveDecided + "\n  model: "
                    + probe.names() + "\n  unsure: " + probe.unsure() + " " + probe.unanswered().orElse(""));
        }
        System.out.println(label + ": " + live.size() + " names, model " + (full.names().equals(live) ? "equal" : "DIFFERS")
                + "; from the probe's snapshot alone, excluded as unsure: " + (probe.unsure().isEmpty() ? "none"
                : probe.unsure()));
    }

    /** {@code s} with the leaves HotSpot reads for its thread count, read on this machine through the probe library. */
    private static CpuidSnapshot withTopology(CpuidSnapshot s) throws Exception {
        JniCpuid jni = JniCpuid.open();
        CpuidSnapshot.Builder b = CpuidSnapshot.builder(new SnapshotSource(SourceKind.NATIVE, "probe and topology"));
        for (Map.Entry<CpuidLeaf, CpuidRegisters> e : s.leaves().entrySet()) {
            b.put(e.getKey().leaf(), e.getKey().subleaf(), e.getValue());
        }
        for (CpuidLeaf leaf : HotSpotWordsMain.topologyLeaves(s)) {
            b.put(leaf.leaf(), leaf.subleaf(), jni.cpuid(leaf.leaf(), leaf.subleaf()));
        }
        s.xcr0().ifPresent(x -> b.xcr0(x, Xcr0Source.XGETBV));
        return b.build();
    }
}
