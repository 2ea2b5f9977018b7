package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuFeaturesConfigurationException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.os.ExecutableMemory;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.Xcr0Source;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every source and fallback of the probe, forced on this machine. */
class X86ProbeTest {

    private static final String PROC = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            cpu family\t: 6
            model\t\t: 85
            model name\t: Intel(R) Xeon(R) Gold 6154 CPU @ 3.00GHz
            stepping\t: 4
            flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx pdpe1gb rdtscp lm pni pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx f16c rdrand hypervisor lahf_lm abm 3dnowprefetch bmi1 avx2 bmi2 erms avx512f avx512dq avx512cd avx512bw avx512vl xsaveopt xsavec xsaves

            processor\t: 1
            vendor_id\t: GenuineIntel
            """;

    /** A page factory whose mprotect is refused with EACCES, as under SELinux deny_execmem. */
    private static final LongFunction<ExecutableMemory> REFUSED = size -> ExecutableMemoryFaultsTest.refusingMprotect(13);

    @Test
    void refusedExecutableMemoryFallsBackToProcCpuinfoAndKeepsTheReason(@TempDir Path dir) throws Exception {
        Path proc = Files.writeString(dir.resolve("cpuinfo"), PROC);
        X86Probe probe = new X86Probe(REFUSED, proc, true);
        X86Probe.Outcome o = probe.probe(ProbeMode.AUTO);
        assertEquals(SourceKind.PROC_CPUINFO, o.source().kind());
        assertEquals(1, o.source().failures().size());
        assertEquals(SourceKind.NATIVE, o.source().failures().get(0).source());
        assertTrue(o.source().failures().get(0).reason().contains("EACCES"), o.source().toString());
        assertTrue(o.source().failures().get(0).cause().isPresent());
        var cpu = X86DecodedCpu.of(o.snapshot().orElseThrow());
        assertEquals(SourceKind.PROC_CPUINFO, cpu.snapshot().source().kind());
        assertEquals(Xcr0Source.KERNEL_CHECKED, cpu.xcr0().source(), "the kernel checked the state, XCR0 unknown");
        assertEquals("Skylake-SP", cpu.microarchitecture().orElseThrow());
        assertTrue(cpu.isUsable("avx512f"), "the kernel shows only features whose state it enabled");
        assertTrue(cpu.xcr0().value().isEmpty(), "XCR0 is unknown from /proc/cpuinfo");
        assertTrue(cpu.xcr0().describe().startsWith("XCR0 unknown"), cpu.xcr0().describe());
        assertEquals("Intel(R) Xeon(R) Gold 6154 CPU @ 3.00GHz", cpu.identity().brand());
        assertTrue(cpu.hasPolicy(io.cpufeatures.x86.PolicyFlag.PREFER_YMM));
    }

    @Test
    void everySourceCanBeForced(@TempDir Path dir) throws Exception {
        Path proc = Files.writeString(dir.resolve("cpuinfo"), PROC);
        X86Probe probe = new X86Probe(REFUSED, proc, true);
        assertEquals(SourceKind.PROC_CPUINFO, probe.probe(ProbeMode.PROC_CPUINFO).source().kind());
        assertThrows(IllegalArgumentException.class, () -> probe.probe(ProbeMode.NONE), "none is the core's: no probe");
        X86Probe.Outcome nativeOnly = probe.probe(ProbeMode.NATIVE);
        assertEquals(SourceKind.NONE, nativeOnly.source().kind(), "forced native that fails gives nothing, not /proc");
        assertEquals(SourceKind.NATIVE, nativeOnly.source().failures().get(0).source());
    }

    /**
     * A text no kernel writes (a processor twice, a NUL among the flags) is the /proc source failing with the file, the
     * line and what is accepted: the probe reports it as that source's failure, and answers nothing from it.
     */
    @Test
    void aProcCpuinfoNoKernelWritesIsThatSourceFailingWithItsReason(@TempDir Path dir) throws Exception {
        String first = PROC.substring(0, PROC.indexOf("\n\n") + 2);
        for (String bad : List.of(first + first, PROC.replace("fpu vme", "fpu\u0000vme"))) {
            Path proc = Files.writeString(dir.resolve("cpuinfo"), bad, StandardCharsets.ISO_8859_1);
            X86Probe.Outcome o = new X86Probe(REFUSED, proc, true).probe(ProbeMode.AUTO);
            assertEquals(SourceKind.NONE, o.source().kind(), o.source().toString());
            assertTrue(o.snapshot().isEmpty());
            assertEquals(SourceKind.PROC_CPUINFO, o.source().failures().get(1).source());
            String reason = o.source().failures().get(1).reason();
            assertTrue(reason.equals(proc + ":9: processor 0 again (first at line 1); accepted: a logical CPU's number as"
                    + " the kernel prints it, 0 to 8191 in decimal, each once") || reason.equals(proc + ":7: a NUL (byte 0)"
                    + " at column 13; accepted: the kernel's text, which has no NUL"), reason);
        }
    }

    @Test
    void offLinuxThereIsNoProcFallback(@TempDir Path dir) {
        X86Probe probe = new X86Probe(REFUSED, dir.resolve("missing"), false);
        X86Probe.Outcome o = probe.probe(ProbeMode.AUTO);
        assertEquals(SourceKind.NONE, o.source().kind());
        assertEquals(List.of(SourceKind.NATIVE, SourceKind.PROC_CPUINFO),
                o.source().failures().stream().map(f -> f.source()).toList());
        assertTrue(o.source().failures().get(1).reason().contains("only on Linux"));
    }

    @Test
    void theNativeProbeRunsHere() {
        assumeTrue(List.of("amd64", "x86_64").contains(System.getProperty("os.arch")));
        X86Probe.Outcome o = X86Probe.system().probe(ProbeMode.NATIVE);
        assertEquals(SourceKind.NATIVE, o.source().kind(), o.source().toString());
        var snapshot = o.snapshot().orElseThrow();
        var cpu = X86DecodedCpu.of(snapshot);
        if (cpu.xcr0().osxsave()) {
            assertEquals(Xcr0Source.XGETBV, cpu.xcr0().source());
        }
    }

    @Test
    void aDumpNamedByPropertyIsDecodedInsteadOfThisCpu(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("skx.txt");
        Files.writeString(dump, "CPU 0:\n"
                + "   0x00000000 0x00: eax=0x0000000d ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69\n"
                + "   0x00000001 0x00: eax=0x00050654 ebx=0x00000000 ecx=0x1c000000 edx=0x00000000\n"
                + "   0x0000000d 0x00: eax=0x000000e7 ebx=0x00000a80 ecx=0x00000a80 edx=0x00000000\n", StandardCharsets.US_ASCII);
        CpuFeatures f = CpuFeatures.probe(new ProbeSettings(List.of(), Optional.of(dump), Map.of("xcr0", "0x" + Long.toHexString(0x7)), ProbeMode.AUTO));
        assertEquals(SourceKind.FILE, f.source().kind());
        assertEquals(dump + " (cpuid_r, 1 logical CPUs)", f.source().detail());
        X86DecodedCpu cpu = f.unwrap(X86DecodedCpu.class).orElseThrow();
        assertEquals(Xcr0Source.USER, cpu.xcr0().source());
        assertEquals(0x7, cpu.xcr0().value().getAsLong());
    }

    @Test
    void anUnreadableOrMalformedDumpIsAConfigurationError(@TempDir Path dir) throws Exception {
        CpuFeaturesConfigurationException missing = assertThrows(CpuFeaturesConfigurationException.class,
                () -> CpuFeatures.probe(new ProbeSettings(List.of(), Optional.of(dir.resolve("nope.txt")), Map.of(),
                        ProbeMode.AUTO)));
        assertTrue(missing.getMessage().startsWith("cpufeatures.cpuid.file: cannot read"), missing.getMessage());
        Path bad = Files.writeString(dir.resolve("bad.txt"), "CPUID 00000000: 00000001-756E6547\n");
        CpuFeaturesConfigurationException malformed = assertThrows(CpuFeaturesConfigurationException.class,
                () -> CpuFeatures.probe(new ProbeSettings(List.of(), Optional.of(bad), Map.of(), ProbeMode.AUTO)));
        assertTrue(malformed.getMessage().contains("bad.txt:1: malformed CPUID line"), malformed.getMessage());
    }

    @Test
    void procCpuinfoWithoutTheFieldsIsRefusedWithTheFieldName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProcCpuinfo.parse("processor : 0\nBogoMIPS : 50.00\n", SnapshotSource.emulated("arm")));
        assertTrue(e.getMessage().contains("'vendor_id'"), e.getMessage());
    }
}
