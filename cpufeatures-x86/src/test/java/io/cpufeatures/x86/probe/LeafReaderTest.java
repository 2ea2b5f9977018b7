package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.testing.BundledDumps;
import io.cpufeatures.x86.testing.Corpus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The native probe's reading plan, replayed against real CPUs: it executes each CPUID once, XGETBV
 * only with OSXSAVE, and reads every leaf the decoder needs (decoding what it read gives the same
 * present and usable features as decoding the whole dump).
 */
class LeafReaderTest {

    /** Answers from a dump, counting every execution. */
    private static final class Replay implements CpuidInstruction {
        private final CpuidSnapshot dump;
        private final long xcr0;
        private final Map<Long, Integer> executions = new HashMap<>();
        private int xgetbvs;

        Replay(CpuidSnapshot dump, long xcr0) {
            this.dump = dump;
            this.xcr0 = xcr0;
        }

        @Override
        public CpuidRegisters cpuid(int leaf, int subleaf) {
            executions.merge((long) leaf << 32 | (subleaf & 0xffff_ffffL), 1, Integer::sum);
            // Like hardware: a leaf above the highest basic leaf returns the highest basic leaf's data on Intel;
            // the dump has no such leaf, so answer zero, which a correct reader never trusts anyway.
            return dump.read(leaf, subleaf);
        }

        @Override
        public long xgetbv0() {
            if (!dump.read(1).bit(io.cpufeatures.x86.Register.ECX, 27)) {
                fail("XGETBV executed with OSXSAVE clear: #UD");
            }
            xgetbvs++;
            return xcr0;
        }
    }

    private static void check(String name, CpuidSnapshot dump, List<String> problems) {
        X86DecodedCpu full = X86DecodedCpu.of(dump);
        long xcr0 = full.xcr0().value().orElse(0x3);
        Replay replay = new Replay(dump, xcr0);
        CpuidSnapshot read = LeafReader.read(replay, new SnapshotSource(SourceKind.NATIVE, "replay"));
        replay.executions.forEach((k, n) -> {
            if (n != 1) {
                problems.add(name + ": leaf " + Long.toHexString(k >>> 32) + "." + (k & 0xffffffffL) + " executed " + n + " times");
            }
        });
        boolean osxsave = full.xcr0().osxsave();
        if (replay.xgetbvs != (osxsave ? 1 : 0)) {
            problems.add(name + ": XGETBV executed " + replay.xgetbvs + " times with OSXSAVE=" + osxsave);
        }
        if (osxsave) {
            assertEquals(Xcr0Source.XGETBV, read.xcr0Source());
        }
        X86DecodedCpu probed = X86DecodedCpu.of(read);
        if (!probed.present().equals(full.present())) {
            problems.add(name + ": present differs: " + diff(full.present(), probed.present()));
        }
        if (!probed.usable().equals(full.usable())) {
            problems.add(name + ": usable differs: " + diff(full.usable(), probed.usable()));
        }
        if (!probed.identity().equals(full.identity()) || !probed.hypervisor().equals(full.hypervisor())) {
            problems.add(name + ": identity differs");
        }
    }

    private static String diff(java.util.Set<?> a, java.util.Set<?> b) {
        List<Object> onlyA = new ArrayList<>(a);
        onlyA.removeAll(b);
        List<Object> onlyB = new ArrayList<>(b);
        onlyB.removeAll(a);
        return "dump only " + onlyA + ", probe only " + onlyB;
    }

    @Test
    void bundledCpusAreReadCompletelyAndOnce() {
        List<String> problems = new ArrayList<>();
        for (String name : List.of("intel-core-i7-2600k-cpu.test", "intel-core-i9-9820x-cpu.test",
                "amd-ryzen-7-7700x-8-core-processor.test", "12th-gen-intel-core-i9-12900hk.test",
                "amd-a8-7680-radeon-r7-10-compute-cores-4c+6g.test", "intel-core2-duo-cpu-t7500.test")) {
            for (CpuKind<CpuidSnapshot> g : BundledDumps.load(name).kinds()) {
                check(name, g.cpu(), problems);
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyCorpusCpuIsReadCompletelyAndOnce() throws Exception {
        Corpus corpus = Corpus.require();
        List<String> problems = new ArrayList<>();
        int cpus = 0;
        for (Corpus.Entry e : corpus.entries()) {
            for (CpuKind<CpuidSnapshot> g : Corpus.dump(e.original()).kinds()) {
                check(e.id(), g.cpu(), problems);
                cpus++;
            }
        }
        System.out.printf("Probe plan replayed on %d corpus CPUs%n", cpus);
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }
}
