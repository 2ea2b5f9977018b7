package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;

/**
 * Reading the core type of every logical CPU of a hybrid part, with the thread's affinity mocked: this
 * machine is not hybrid, and cannot refuse pinning or take a CPU offline on demand.
 */
class CoreTypeReaderTest {

    private static final String[] BASE = {"fpu", "cmov", "mmx", "fxsr", "sse", "sse2", "lm", "popcnt"};

    /** Logical CPUs 0 and 1 are performance cores, 2 and 3 efficiency cores; CPUID answers for the CPU pinned last. */
    private static final class FourCpus implements CpuidInstruction {
        final CpuidSnapshot[] cpus = {core(0x40), core(0x40), core(0x20), core(0x20)};
        int current;

        private static CpuidSnapshot core(int type) {
            return EmulatedCpu.intel(6, 0x9a, 3).features(BASE).features("hybrid_cpu")
                    .leaf(0x1A, 0, type << 24 | 1, 0, 0, 0).build();
        }

        @Override
        public CpuidRegisters cpuid(int leaf, int subleaf) {
            return cpus[current].read(leaf, subleaf);
        }

        @Override
        public long xgetbv0() {
            throw new AssertionError("no OSXSAVE: XGETBV must not run");
        }

        CpuidSnapshot first() {
            return LeafReader.read(this, cpus[0].source());
        }
    }

    private static BitSet cpus(int... n) {
        BitSet b = new BitSet();
        for (int i : n) {
            b.set(i);
        }
        return b;
    }

    /** A mocked affinity that moves {@code cpu} to the logical CPU pinned. */
    private static ThreadAffinity affinity(FourCpus cpu, BitSet allowed) throws Exception {
        ThreadAffinity a = mock(ThreadAffinity.class);
        when(a.allowed()).thenReturn(allowed);
        doAnswer(inv -> {
            cpu.current = inv.getArgument(0);
            return null;
        }).when(a).pin(anyInt());
        return a;
    }

    private static List<Integer> types(CoreTypeReader.Result r) {
        return r.kinds().stream().map(g -> CpuIdentity.of(g.cpu()).coreType().getAsInt()).toList();
    }

    @Test
    void aPartWithoutTheHybridFlagMakesNoAffinityCallAtAll() {
        ThreadAffinity a = mock(ThreadAffinity.class);
        CpuidSnapshot plain = EmulatedCpu.intel(6, 0x5e, 3).features(BASE).build();
        CpuidInstruction cpu = mock(CpuidInstruction.class);
        CoreTypeReader.Result r = CoreTypeReader.read(plain, cpu, () -> a, 8);
        assertEquals(List.of(new CpuKind<>(plain, 8, 0)), r.kinds());
        assertEquals("", r.note());
        verifyNoInteractions(a, cpu);
    }

    @Test
    void everyLogicalCpuIsReadPinnedAndTheCpuSetIsGivenBack() throws Exception {
        FourCpus cpu = new FourCpus();
        BitSet all = cpus(0, 1, 2, 3);
        ThreadAffinity a = affinity(cpu, all);
        CoreTypeReader.Result r = CoreTypeReader.read(cpu.first(), cpu, () -> a, 4);
        assertEquals(List.of(0x40, 0x20), types(r));
        assertEquals(List.of(2, 2), r.kinds().stream().map(CpuKind::logicalCpus).toList());
        assertEquals(List.of(0, 2), r.kinds().stream().map(CpuKind::firstLogicalCpu).toList());
        assertEquals("core types read on 4 logical CPUs, each pinned in turn: performance x2, efficiency x2", r.note());
        InOrder order = inOrder(a);
        order.verify(a).allowed();
        for (int n = 0; n < 4; n++) {
            order.verify(a).pin(n);
        }
        order.verify(a).restore(all);
    }

    @Test
    void anOfflineCpuIsSkippedAndSaidSo() throws Exception {
        FourCpus cpu = new FourCpus();
        ThreadAffinity a = affinity(cpu, cpus(0, 1, 2, 3));
        doThrow(new ThreadAffinity.AffinityException("pinning to logical CPU 3 refused, errno 22", 22)).when(a).pin(3);
        CoreTypeReader.Result r = CoreTypeReader.read(cpu.first(), cpu, () -> a, 4);
        assertEquals(List.of(2, 1), r.kinds().stream().map(CpuKind::logicalCpus).toList());
        assertTrue(r.note().endsWith("logical CPUs 3 could not be pinned (offline, or refused), their core types not read"),
                r.note());
        verify(a).restore(cpus(0, 1, 2, 3));
    }

    @Test
    void pinningRefusedEverywhereLeavesTheFirstCpuAndTheSetRestored() throws Exception {
        FourCpus cpu = new FourCpus();
        CpuidSnapshot first = cpu.first();
        ThreadAffinity a = affinity(cpu, cpus(0, 1, 2, 3));
        doThrow(new ThreadAffinity.AffinityException("refused, errno 1 (EPERM: not permitted)", 1)).when(a).pin(anyInt());
        CoreTypeReader.Result r = CoreTypeReader.read(first, cpu, () -> a, 4);
        assertEquals(List.of(new CpuKind<>(first, 4, 0)), r.kinds());
        assertTrue(r.note().startsWith("hybrid part: pinning to every logical CPU was refused (0, 1, 2, 3)"), r.note());
        verify(a).restore(cpus(0, 1, 2, 3));
    }

    @Test
    void anUnreadableCpuSetOrNoAffinityAtAllReadsOnlyTheCurrentCpu() throws Exception {
        FourCpus cpu = new FourCpus();
        CpuidSnapshot first = cpu.first();
        ThreadAffinity a = mock(ThreadAffinity.class);
        when(a.allowed()).thenThrow(new ThreadAffinity.AffinityException("sched_getaffinity failed, errno 38", 38));
        CoreTypeReader.Result r = CoreTypeReader.read(first, cpu, () -> a, 4);
        assertEquals(1, r.kinds().size());
        assertTrue(r.note().contains("errno 38"), r.note());
        verify(a, never()).pin(anyInt());
        CoreTypeReader.Result elsewhere = CoreTypeReader.read(first, cpu, () -> null, 4);
        assertTrue(elsewhere.note().contains("Linux only"), elsewhere.note());
        CoreTypeReader.Result noJna = CoreTypeReader.read(first, cpu, () -> {
            throw new UnsatisfiedLinkError("sched_setaffinity");
        }, 4);
        assertTrue(noJna.note().contains("could not be loaded"), noJna.note());
    }

    @Test
    void aFailedRestoreIsReportedAndTheGroupsKept() throws Exception {
        FourCpus cpu = new FourCpus();
        ThreadAffinity a = affinity(cpu, cpus(0, 1, 2, 3));
        doThrow(new ThreadAffinity.AffinityException("restoring the thread's CPU set refused, errno 22", 22))
                .when(a).restore(cpus(0, 1, 2, 3));
        CoreTypeReader.Result r = CoreTypeReader.read(cpu.first(), cpu, () -> a, 4);
        assertEquals(2, r.kinds().size());
        assertTrue(r.note().endsWith("the thread's CPU set could not be restored (restoring the thread's CPU set refused,"
                + " errno 22)"), r.note());
    }

    /**
     * A JDK with virtual threads: Temurin 25 where it is installed, else this JDK if it has them; a test on
     * JDK 17 alone has none to run.
     */
    private static java.util.Optional<String> jdkWithVirtualThreads() {
        if (Runtime.version().feature() < 21) {
            java.util.Optional<java.nio.file.Path> jdk25 = io.cpufeatures.buildsupport.HostTools.jdk25(
                    "a census asked from virtual threads");
            if (jdk25.isPresent()) {
                return java.util.Optional.of(jdk25.get().toString());
            }
        }
        return Runtime.version().feature() >= 21
                ? java.util.Optional.of(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString())
                : java.util.Optional.empty();
    }

    @Test
    void aCensusAskedFromVirtualThreadsPinsAThreadOfItsOwnAndLeavesNoCarrierPinned() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.name").equals("Linux")
                && System.getProperty("os.arch").equals("amd64"), "the real affinity calls are Linux's");
        java.util.Optional<String> jdk = jdkWithVirtualThreads();
        if (jdk.isEmpty()) {
            return; // recorded as a skipped part by HostTools.jdk25
        }
        Process p = new ProcessBuilder(jdk.get(), "-cp", System.getProperty("java.class.path"),
                VirtualThreadCensusMain.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "JVM did not finish");
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        int cpus = new LinuxThreadAffinity().allowed().cardinality();
        assertEquals(4, out.lines().filter(("kinds=1 cpus=" + cpus)::equals).count(), "every census counted every CPU: "
                + out);
        assertEquals(4, out.lines().filter("asker virtual=true"::equals).count(), out);
        assertTrue(out.contains("wrong=[]\n"), "every census CPUID on a platform thread pinned to its CPU: " + out);
        assertTrue(out.contains("moved=[]\n"), "no thread, a carrier above all, left with another CPU set: " + out);
    }
}
