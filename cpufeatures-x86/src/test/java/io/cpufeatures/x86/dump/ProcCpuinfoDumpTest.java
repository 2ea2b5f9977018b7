package io.cpufeatures.x86.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.TestResources;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.kit.ProcCpuinfoText;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Xcr0Source;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real x86 machines' {@code /proc/cpuinfo} (each file names its source: util-linux's lscpu dumps, py-cpuinfo's,
 * insights-core's and ollama's test data) read as dumps: every one named and levelled. The expected generation comes
 * from the part in its {@code model name} (Intel's and AMD's product pages: an i5 M 560 is Arrandale, 32 nm Westmere; an
 * EPYC 9754 Bergamo, Zen 4c; a Ryzen 3 4100 Renoir, Zen 2 ...); the level from what the part implements (psABI's
 * x86-64-v2: SSE4.2, POPCNT, CX16, LAHF; v3: AVX2, BMI1/2, FMA, MOVBE ...; v4: AVX-512F/BW/CD/DQ/VL), except where
 * the text shows its hypervisor hid part of it, which the test checks in the text's own flags line.
 */
class ProcCpuinfoDumpTest {

    /**
     * One machine: its file, the generation its model name says, the psABI level, and the flag whose absence lowers
     * the level below the part's (empty when the text shows the part whole).
     */
    record Machine(String file, String generation, String level, String hidden) {
    }

    static List<Machine> machines() {
        return List.of(
                new Machine("intel-xeon-x7550-nehalem-ex.txt", "Nehalem", "x86-64-v2", ""),
                new Machine("intel-core-i5-m560-arrandale-dell-e4310.txt", "Westmere", "x86-64-v2", ""),
                new Machine("intel-core-i7-870-lynnfield.txt", "Nehalem", "x86-64-v1", "sse4_2"),
                new Machine("intel-pentium-g640-sandy-bridge.txt", "Sandy Bridge", "x86-64-v2", ""),
                new Machine("intel-core-i5-3317u-ivy-bridge-virtualbox.txt", "Ivy Bridge", "x86-64-v1", "sse4_2"),
                new Machine("intel-core-i7-4800mq-haswell.txt", "Haswell", "x86-64-v3", ""),
                new Machine("intel-core-i7-1165g7-tiger-lake.txt", "Tiger Lake", "x86-64-v4", ""),
                new Machine("intel-xeon-gold-6326-ice-lake-vmware.txt", "Ice Lake-SP", "x86-64-v4", ""),
                new Machine("amd-opteron-6328-piledriver-vmware.txt", "Piledriver", "x86-64-v2", ""),
                new Machine("amd-epyc-7451-zen.txt", "Zen", "x86-64-v3", ""),
                new Machine("amd-ryzen-7-2700x-zen-plus.txt", "Zen+", "x86-64-v3", ""),
                new Machine("amd-ryzen-3-4100-zen2-hyperv.txt", "Zen 2", "x86-64-v3", ""),
                new Machine("amd-epyc-9754-zen4c.txt", "Zen 4", "x86-64-v4", ""));
    }

    static String text(String file) {
        return TestResources.text("/io/cpufeatures/x86/proc-cpuinfo/" + file);
    }

    /** The text's lines that start with {@code name}, read the plain way. */
    private static List<String> lines(String text, String name) {
        return text.lines().filter(l -> l.startsWith(name) && l.substring(name.length()).matches("[ \t]*:.*")).toList();
    }

    @Test
    void thereAreTheMachinesOfADecadeOfBothVendors() {
        assertTrue(machines().size() >= 13);
        assertTrue(machines().stream().filter(m -> m.file().startsWith("amd-")).count() >= 5);
        assertTrue(machines().stream().filter(m -> m.file().startsWith("intel-")).count() >= 7);
    }

    @ParameterizedTest
    @MethodSource("machines")
    void eachMachineIsNamedAndLevelledFromTheKernelsWord(Machine m) throws Exception {
        String text = TestResources.recorded("/io/cpufeatures/x86/proc-cpuinfo/" + m.file());
        CpuDump dump = CpuDumps.parse(m.file(), text, Map.of());
        assertEquals(ProcCpuinfoDump.FORMAT, dump.format());
        assertEquals(lines(text, "processor").size(), dump.logicalCpus(), "one logical CPU per processor block");
        CpuFeatures cpu = dump.machine();
        Map<String, String> identity = cpu.describe(dump.logicalCpus()).identity();
        assertEquals(m.generation(), identity.get("microarchitecture"), m.file());
        assertEquals(m.level(), identity.get("level"), m.file());
        assertEquals("kernel", identity.get("xcr0Source"), "XCR0 is unknown but the kernel's flags imply what it enabled");
        String flags = lines(text, "flags").get(0);
        String model = lines(text, "model name").get(0);
        assertTrue(model.endsWith(identity.get("brand").strip()) || model.contains(identity.get("brand").strip()), model);
        if (!m.hidden().isEmpty()) {
            assertFalse(Arrays.asList(flags.split("[ \t:]+")).contains(m.hidden()),
                    m.file() + ": the level is below the part's because the text's flags lack " + m.hidden());
        }
        // every feature the kernel names is present, and every one the x86 table has but the kernel does not name is not
        Set<String> named = Arrays.stream(flags.substring(flags.indexOf(':') + 1).trim().split("\\s+"))
                .collect(Collectors.toSet());
        for (String f : List.of("sse4_2", "avx", "avx2", "bmi2", "avx512f", "sha_ni", "pclmulqdq", "aes")) {
            assertEquals(named.contains(f), cpu.isPresent(f), m.file() + " " + f);
        }
        assertEquals("XCR0, CPUID registers", identity.get("unstated"), "what the text could not say");
        assertEquals(List.of(), cpu.caches(), "caches need CPUID's leaves, which the text does not hold");
    }

    @Test
    void theAnswersThatNeedARegisterSayItWasNotInTheText() throws Exception {
        CpuFeatures cpu = CpuDumps.parse("haswell", text("intel-core-i7-4800mq-haswell.txt"), Map.of()).machine();
        FeatureTrace avx2 = (FeatureTrace) cpu.trace("avx2").orElseThrow();
        assertEquals("kernel's word", avx2.presence().label());
        assertTrue(avx2.presence().text().contains("the CPUID registers are not in the source"), avx2.presence().text());
        assertTrue(cpu.has("avx2"), "the kernel enabled AVX state, since it names avx2");
        assertEquals(ReasonKind.NOT_PRESENT, cpu.reasons("avx512f").get(0).kind());
        assertTrue(cpu.reasons("avx512f").get(0).detail().startsWith("the kernel does not name it"),
                cpu.reasons("avx512f").toString());
        CpuidSnapshot snapshot = cpu.unwrap(CpuidSnapshot.class).orElseThrow();
        assertEquals(Xcr0Source.KERNEL_CHECKED, snapshot.xcr0Source());
        assertTrue(snapshot.source().detail().contains("microcode 0x1c"), snapshot.source().detail());
        // a dump cannot be written of it: cpuid -r would state as absent what the text left unknown
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuDumps.write(List.of(cpu)));
        assertTrue(e.getMessage().contains("does not state XCR0, CPUID registers"), e.getMessage());
    }

    @Test
    void processorsThatDifferInAFlagAreTwoKinds() throws Exception {
        // VMware gave half of this Opteron's vCPUs AMD's LWP and half not: the kernel's flags say so per processor
        CpuDump dump = CpuDumps.parse("opteron", text("amd-opteron-6328-piledriver-vmware.txt"), Map.of());
        assertEquals(2, dump.kinds().size());
        assertEquals(16, dump.kinds().stream().mapToInt(CpuKind::logicalCpus).sum());
        assertFalse(dump.kinds().get(0).cpu().isPresent("lwp") == dump.kinds().get(1).cpu().isPresent("lwp"));
    }

    @Test
    void everyTextIsAnX86KernelsAndNoOtherDumpIsOne() throws Exception {
        for (Machine m : machines()) {
            assertTrue(ProcCpuinfoDump.recognises(text(m.file())), m.file());
        }
        // the other formats' bundled files: none is taken for a /proc/cpuinfo
        for (String other : List.of("/io/cpufeatures/x86/macos/maplefu-haswell-2200mhz.txt",
                "/io/cpufeatures/x86/macos/chef-ohai-macbook2-1.txt", "/io/cpufeatures/x86/windows/intel-i7-6700hq-coreinfo331.txt",
                "/io/cpufeatures/x86/windows/amd-epyc-7763-milan-virtualclient.txt")) {
            assertEquals(java.util.Optional.empty(), ProcCpuinfoText.architecture(TestResources.text(other)), other);
        }
    }

    @Test
    void aMalformedTextIsRefusedOnItsLine() {
        String head = "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 60\n";
        DumpFormatException family = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 99999\nmodel\t\t: 60\nflags\t\t: fpu\n"));
        assertEquals("t:3: 'cpu family' is '99999'; accepted: a number of at most 270, decimal or 0x and hex digits",
                family.getMessage());
        DumpFormatException noFlags = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t", head));
        assertEquals("t:1: processor 0 has no 'flags' line", noFlags.getMessage());
        DumpFormatException pasted = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                head + "flags\t\t: fpu\n...\n"));
        assertTrue(pasted.getMessage().startsWith("t:6: not a line of /proc/cpuinfo: '...'"), pasted.getMessage());
        DumpFormatException vendor = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                "processor\t: 0\nvendor_id\t: AVendorLongerThanTwelve\ncpu family\t: 6\nmodel\t\t: 1\nflags\t\t: fpu\n"));
        assertTrue(vendor.getMessage().startsWith("t:2: 'vendor_id' is 'AVendorLongerThanTwelve'"), vendor.getMessage());
        // what no kernel prints: a processor twice, a number out of its range, two flags lines, a NUL among the flags
        String cpu = head + "flags\t\t: fpu sse\n\n";
        assertTrue(message(cpu + cpu).startsWith("t:7: processor 0 again (first at line 1); accepted: a logical CPU's"),
                message(cpu + cpu));
        assertTrue(message(cpu.replace(": 0\n", ": -1\n")).startsWith("t:1: 'processor' is '-1'; accepted: a logical"
                + " CPU's number as the kernel prints it, 0 to 8191 in decimal"), message(cpu.replace(": 0\n", ": -1\n")));
        assertTrue(message(cpu.strip() + "\nflags\t\t: avx512f\n").startsWith("t:6: a second 'flags' line in the block"
                + " (the first is line 5)"), message(cpu.strip() + "\nflags\t\t: avx512f\n"));
        assertEquals("t:5: a NUL (byte 0) at column 13; accepted: the kernel's text, which has no NUL",
                message(cpu.replace("fpu sse", "fpu\u0000sse")));
    }

    private static String message(String text) {
        return assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t", text)).getMessage();
    }

    @Test
    void aSteppingTheKernelCouldNotReadIsUnknownNotRefused() throws Exception {
        CpuDump dump = CpuDumps.parse("t", "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 60\n"
                + "stepping\t: unknown\nflags\t\t: fpu sse sse2\n", Map.of());
        assertTrue(dump.machine().unwrap(CpuidSnapshot.class).orElseThrow().source().detail().contains("stepping unknown"));
    }
}
