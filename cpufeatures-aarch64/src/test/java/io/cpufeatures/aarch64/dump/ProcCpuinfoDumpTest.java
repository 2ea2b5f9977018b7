package io.cpufeatures.aarch64.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.buildsupport.TestResources;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.kit.ProcCpuinfoText;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real arm64 machines' {@code /proc/cpuinfo} (servers, phones, boards, Apple M1 under Linux; each file names its source:
 * hrw/arm-socs-table's recordings, util-linux's lscpu dumps, py-cpuinfo's and cpu_features' test data) read as dumps.
 * Every machine's cores are named as their MIDR says: the expected cores are the parts each SoC is documented to have,
 * by the part numbers of Linux's {@code arch/arm64/include/asm/cputype.h} and Arm's TRMs (0xd03 Cortex-A53, 0xd05
 * A55, 0xd0b A76, 0xd41 A78, 0xd44 X1, 0xd46 A510, 0xd47 A710, 0xd4d A715, 0xd4e X3, 0xd80 A520, 0xd81 A720, 0xd82 X4,
 * 0xd0c Neoverse N1, 0xd40 V1, 0xd4f V2; Apple 0x022 Icestorm and 0x023 Firestorm of the M1; HiSilicon 0xd01 TSV110;
 * Cavium 0x0a1 ThunderX and 0x0af ThunderX2; Ampere 0xac3 AmpereOne), and a big.LITTLE part is one kind per core.
 */
class ProcCpuinfoDumpTest {

    /** One machine: its file, and its cores by a word of their name with how many logical CPUs the text lists. */
    record Machine(String file, Map<String, Integer> cores) {
    }

    private static Map<String, Integer> cores(Object... nameCount) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < nameCount.length; i += 2) {
            m.put((String) nameCount[i], (Integer) nameCount[i + 1]);
        }
        return m;
    }

    static List<Machine> machines() {
        return List.of(
                // servers
                new Machine("aws-graviton2-neoverse-n1.txt", cores("Neoverse N1", 1)),
                new Machine("aws-graviton3-neoverse-v1.txt", cores("Neoverse V1", 1)),
                new Machine("aws-graviton4-neoverse-v2.txt", cores("Neoverse V2", 96)),
                new Machine("nvidia-grace-neoverse-v2.txt", cores("Neoverse V2", 3)),
                new Machine("ampere-altra-neoverse-n1.txt", cores("Neoverse N1", 1)),
                new Machine("ampereone.txt", cores("Ampere", 1)),
                new Machine("hisilicon-kunpeng-920-taishan-2280.txt", cores("TSV110", 94)),
                new Machine("marvell-thunderx2.txt", cores("ThunderX2", 256)),
                new Machine("cavium-thunderx-cn88xx.txt", cores("ThunderX", 6)),
                // phones
                new Machine("snapdragon-8-gen2-a510-a715-a710-x3.txt", cores("Cortex-A510", 3, "Cortex-A715", 2,
                        "Cortex-A710", 2, "Cortex-X3", 1)),
                new Machine("snapdragon-8-gen3.txt", cores("Cortex-A520", 2, "Cortex-A720", 5, "Cortex-X4", 1)),
                new Machine("exynos-2400-galaxy-s24-plus.txt", cores("Cortex-A520", 4, "Cortex-A720", 5, "Cortex-X4", 1)),
                new Machine("dimensity-9300.txt", cores("Cortex-A720", 4, "Cortex-X4", 4)),
                new Machine("snapdragon-888-oneplus-9-pro.txt", cores("Cortex-A55", 4, "Cortex-A78", 3, "Cortex-X1", 1)),
                new Machine("cortex-a53-octa-core-linux-3.txt", cores("Cortex-A53", 8)),
                // boards, and Apple silicon under Linux
                new Machine("odroid-c2-cortex-a53.txt", cores("Cortex-A53", 4)),
                new Machine("raspberry-pi-5-cortex-a76.txt", cores("Cortex-A76", 4)),
                new Machine("apple-m1-asahi-linux.txt", cores("Icestorm", 4, "Firestorm", 4)));
    }

    static String text(String file) {
        return TestResources.text("/io/cpufeatures/aarch64/proc-cpuinfo/" + file);
    }

    @ParameterizedTest
    @MethodSource("machines")
    void eachMachinesCoresAreNamedAsTheProbeNamesThem(Machine m) throws Exception {
        String text = TestResources.recorded("/io/cpufeatures/aarch64/proc-cpuinfo/" + m.file());
        CpuDump dump = CpuDumps.parse(m.file(), text, Map.of());
        assertEquals(ProcCpuinfoDump.FORMAT, dump.format());
        assertEquals(m.cores().size(), dump.kinds().size(), m.file() + ": one kind per core");
        int i = 0;
        for (Map.Entry<String, Integer> core : m.cores().entrySet()) {
            CpuKind<CpuFeatures> k = dump.kinds().get(i++);
            String name = k.cpu().describe(k.logicalCpus()).identity().get("microarchitecture");
            assertTrue(name != null && name.contains(core.getKey()), m.file() + ": " + name + " is not " + core.getKey());
            assertEquals(core.getValue(), k.logicalCpus(), m.file() + " " + name);
        }
        assertEquals(m.cores().size() > 1, dump.hybrid(), "a big.LITTLE part's kinds are one machine's cores");
        assertEquals(m.cores().values().stream().mapToInt(Integer::intValue).sum(), dump.logicalCpus());
    }

    @ParameterizedTest
    @MethodSource("machines")
    void theUsableSetIsTheKernelsFeaturesLine(Machine m) throws Exception {
        String text = text(m.file());
        String line = text.lines().filter(l -> l.startsWith("Features")).findFirst().orElseThrow();
        Set<String> named = Arrays.stream(line.substring(line.indexOf(':') + 1).trim().split("\\s+"))
                .collect(Collectors.toSet());
        Set<String> known = Arrays.stream(AArch64Feature.values()).map(AArch64Feature::canonicalName)
                .collect(Collectors.toSet());
        CpuFeatures cpu = CpuDumps.parse(m.file(), text, Map.of()).kinds().get(0).cpu();
        for (String f : known) {
            assertEquals(named.contains(f), cpu.isPresent(f), m.file() + " " + f);
        }
        AArch64Snapshot s = cpu.unwrap(AArch64Snapshot.class).orElseThrow();
        assertEquals(IdRegisterSource.PROC_CPUINFO, s.idSource());
        assertTrue(s.source().unstated().contains("ID registers but MIDR_EL1"), s.source().toString());
        assertEquals(named.contains("sve") || named.contains("sme"), s.source().unstated().contains("vector lengths"),
                "a vector length is unstated only where there is one");
    }

    @Test
    void everyTextIsAnArm64KernelsAndNoOtherBundledDumpIsOne() throws Exception {
        for (Machine m : machines()) {
            assertEquals(Optional.of("aarch64"), ProcCpuinfoText.architecture(text(m.file())), m.file());
        }
        for (String other : List.of("macos/apple-m1.txt", "macos/apple-m4-pro.txt", "windows/thinkpad-x13s-snapdragon-8cx-gen3.txt",
                "qemu/qemu-max.txt", "qemu/qemu-cortex-a53.txt")) {
            assertEquals(Optional.empty(), ProcCpuinfoText.architecture(TestResources.text("/io/cpufeatures/aarch64/" + other)), other);
        }
    }

    @Test
    void aKernelBefore319ListsTheProcessorsThenTheBootCpusFields() throws Exception {
        // Linux 3.10's c_show: every 'processor' line, then one set of fields; as much as the text can say, all alike
        CpuDump dump = CpuDumps.parse("old", text("cortex-a53-octa-core-linux-3.txt"), Map.of());
        assertEquals(8, dump.logicalCpus());
        assertEquals(1, dump.kinds().size());
        CpuDump split = CpuDumps.parse("split", "processor\t: 0\nprocessor\t: 1\n\nFeatures\t: fp asimd\n"
                + "CPU implementer\t: 0x41\nCPU part\t: 0xd03\n", Map.of());
        assertEquals(2, split.logicalCpus());
        assertTrue(split.machine().isPresent("asimd"));
    }

    @Test
    void a32BitViewOfTheSameFieldsIsNotAnArm64Text() {
        // an arm64 kernel answers a 32-bit process with the 32-bit names; so does a 32-bit kernel
        String compat = "processor\t: 0\nmodel name\t: ARMv8 Processor rev 4 (v8l)\nFeatures\t: half thumb fastmult vfp"
                + " edsp neon vfpv3 tls vfpv4 idiva idivt lpae evtstrm aes pmull sha1 sha2 crc32\nCPU implementer\t: 0x41\n"
                + "CPU architecture: 8\nCPU part\t: 0xd03\n";
        assertEquals(Optional.of("arm"), ProcCpuinfoText.architecture(compat));
        assertFalse(ProcCpuinfoDump.recognises(compat));
    }

    @Test
    void aMalformedTextIsRefusedOnItsLine() {
        DumpFormatException part = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                "processor\t: 0\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\nCPU part\t: 0x1d03\n"));
        assertEquals("t:4: 'CPU part' is '0x1d03'; accepted: a number of at most 4095, decimal or 0x and hex digits",
                part.getMessage());
        DumpFormatException noPart = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                "processor\t: 0\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\n"));
        assertTrue(noPart.getMessage().startsWith("t: an arm64 /proc/cpuinfo without a 'Features', 'CPU implementer' or"
                + " 'CPU part' line"), noPart.getMessage());
        DumpFormatException elided = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                "processor\t: 0\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n\n...\n"));
        assertTrue(elided.getMessage().startsWith("t:6: not a line of /proc/cpuinfo: '...'"), elided.getMessage());
        // what no kernel prints: two Features lines in a block, a processor number past the kernel's 8192
        DumpFormatException twice = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                "processor\t: 0\nFeatures\t: fp\nFeatures\t: fp asimd sve\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n"));
        assertEquals("t:3: a second 'Features' line in the block (the first is line 2); accepted: each field once per"
                + " processor's block, as the kernel prints it", twice.getMessage());
        DumpFormatException huge = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                "processor\t: 100000000000000000000000\nFeatures\t: fp\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n"));
        assertTrue(huge.getMessage().startsWith("t:1: 'processor' is '100000000000000000000000'; accepted: a logical"),
                huge.getMessage());
    }

    @Test
    void namesTheTableDoesNotKnowAreNamedInTheSource() throws Exception {
        CpuDump dump = CpuDumps.parse("t", "processor\t: 0\nFeatures\t: fp asimd futurefeat1 futurefeat2\n"
                + "CPU implementer\t: 0x41\nCPU part\t: 0xd0c\n", Map.of());
        String detail = dump.machine().unwrap(AArch64Snapshot.class).orElseThrow().source().detail();
        assertTrue(detail.contains("names not in the table: futurefeat1 futurefeat2"), detail);
    }
}
