package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.core.kit.FirstAnswer;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.Xcr0State;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import io.cpufeatures.x86.probe.CpuidInstruction;
import io.cpufeatures.x86.probe.NativeCpuid;
import io.cpufeatures.x86.testing.BundledDumps;
import io.cpufeatures.x86.testing.Corpus;
import io.cpufeatures.x86.rules.Xcr0Inference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The first answer is the full decode's: for every spelling and group of the table, on every CPU of the shared
 * corpus, the bundled dumps and CPUs built in code (their OS state varied), the first answer equals
 * {@code CpuFeatures.of(snapshot).has(name)} wherever it answers. It may decline (hybrid parts, AMX's permission);
 * it may never differ. And on this machine, through the real instruction, it equals the full probe's.
 */
class FirstAnswerAgainstFullDecodeTest {

    /** A recorded CPU as the first answer reads it: its leaves, and XCR0 as the full decode knows it. */
    private record Recorded(CpuidSnapshot snapshot, long xcr0) implements CpuidInstruction {
        @Override
        public CpuidRegisters cpuid(int leaf, int subleaf) {
            return snapshot.read(leaf, subleaf);
        }

        @Override
        public long xgetbv0() {
            return xcr0;
        }
    }

    /** Counts of what was compared, so that a comparison that checks nothing fails. */
    private static final class Tally {
        int cpus;
        int declined;
        int usable;
        int notUsable;
        int unanswered;
        final List<String> differences = new ArrayList<>();
    }

    private static void compare(String what, CpuidSnapshot snapshot, Tally tally) {
        Xcr0State xcr0 = Xcr0Inference.of(snapshot);
        if (xcr0.osxsave() && (xcr0.value().isEmpty() || xcr0.undetermined() != 0 || xcr0.kernelChecked())) {
            return; // XCR0 not known to the bit: the live probe always reads it
        }
        X86FirstAnswer first = X86FirstAnswer.of(new Recorded(snapshot, xcr0.value().orElse(0)));
        if (first == null) {
            tally.declined++;
            assertTrue(snapshot.read(7, 0).bit(X86Feature.HYBRID_CPU.bit().register(), X86Feature.HYBRID_CPU.bit().bit()),
                    what + ": declined, and not a hybrid part");
            return;
        }
        tally.cpus++;
        CpuFeatures full = CpuFeatures.of(snapshot);
        for (String name : FirstAnswerTable.NAMES) {
            int a = first.answer(name);
            if (a == FirstAnswer.UNANSWERED) {
                tally.unanswered++;
                continue;
            }
            boolean expected = full.has(name);
            if (expected) {
                tally.usable++;
            } else {
                tally.notUsable++;
            }
            if ((a == FirstAnswer.USABLE) != expected) {
                tally.differences.add(what + ": " + name + " first " + (a == FirstAnswer.USABLE) + ", full " + expected
                        + " " + full.reasons(name));
            }
        }
    }

    @Test
    void onEveryCpuOfTheCorpusTheFirstAnswerIsTheFullDecodes() throws Exception {
        Corpus corpus = Corpus.require();
        Tally tally = new Tally();
        for (Corpus.Entry e : corpus.entries()) {
            for (CpuKind<CpuidSnapshot> k : Corpus.dump(e.original()).kinds()) {
                compare(e.id(), k.cpu(), tally);
            }
        }
        assertEquals(List.of(), tally.differences.subList(0, Math.min(5, tally.differences.size())),
                tally.differences.size() + " differences");
        assertTrue(tally.cpus > 250, "compared " + tally.cpus + " CPUs");
        assertTrue(tally.usable > 10_000 && tally.notUsable > 10_000, tally.usable + " usable, " + tally.notUsable + " not");
    }

    @Test
    void onTheBundledDumpsAndOnCpusBuiltInCodeWithTheirStateVariedToo() {
        Tally tally = new Tally();
        for (String name : List.of("intel-core-i7-2600k-cpu.test", "intel-core-i7-4750hq-cpu.test",
                "intel-core-i9-10980xe-cpu.test", "intel-core-i9-9820x-cpu.test", "intel-core2-duo-cpu-t7500.test",
                "intel-pentium-cpu-g4400.test", "amd-ryzen-7-7700x-8-core-processor.test",
                "amd-a8-7680-radeon-r7-10-compute-cores-4c+6g.test", "12th-gen-intel-core-i9-12900hk.test")) {
            for (CpuKind<CpuidSnapshot> k : BundledDumps.load(name).kinds()) {
                compare(name, k.cpu(), tally);
            }
        }
        long avx = 0x7;
        List<EmulatedCpu.Builder> cpus = List.of(ReferenceCpus.skylakeSp(), ReferenceCpus.haswell(), ReferenceCpus.zen4(),
                ReferenceCpus.core2(), ReferenceCpus.skylakePentium());
        for (EmulatedCpu.Builder b : cpus) {
            compare("reference", b.build(), tally);
        }
        compare("skylake-sp, AVX state only", ReferenceCpus.skylakeSp().osEnabled(avx).build(), tally);
        compare("skylake-sp, SSE state only", ReferenceCpus.skylakeSp().osEnabled(0x3).build(), tally);
        compare("zen4, AVX state only", ReferenceCpus.zen4().osEnabled(avx).build(), tally);
        compare("zen1 (AMD-1386)", EmulatedCpu.amd(0x17, 1, 1).features("avx2", "xsave", "xsaves", "osxsave", "rdrand")
                .osEnabled(avx).build(), tally);
        compare("AMD family 0x15 (RDRAND)", EmulatedCpu.amd(0x15, 2, 0).features("rdrand", "avx").osEnabled(avx).build(),
                tally);
        assertEquals(List.of(), tally.differences);
        assertTrue(tally.declined >= 1, "the hybrid part is declined");
        assertTrue(tally.cpus >= 15, "compared " + tally.cpus);
    }

    @Test
    void aHybridPartIsLeftToTheCensus() {
        CpuidSnapshot alderLake = BundledDumps.load("12th-gen-intel-core-i9-12900hk.test").kinds().get(0).cpu();
        assertNull(X86FirstAnswer.of(new Recorded(alderLake, Xcr0Inference.of(alderLake).value().orElse(0))));
    }

    @Test
    void onThisMachineTheFirstAnswerIsTheFullProbes() throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux"), "the stub page is mapped on Linux here");
        X86FirstAnswer first;
        try (NativeCpuid cpu = NativeCpuid.open()) {
            first = X86FirstAnswer.of(cpu);
        }
        Assumptions.assumeTrue(first != null, "a hybrid part: the census answers");
        CpuFeatures full = CpuFeatures.probe(ProbeSettings.none());
        int answered = 0;
        for (String name : FirstAnswerTable.NAMES) {
            int a = first.answer(name);
            if (a != FirstAnswer.UNANSWERED) {
                answered++;
                assertEquals(full.has(name), a == FirstAnswer.USABLE, name + ": " + full.reasons(name));
            }
        }
        assertTrue(answered > FirstAnswerTable.NAMES.length / 2, answered + " answered");
    }
}
