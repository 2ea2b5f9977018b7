package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.os.CpuList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Core kinds from sysfs trees built as Linux lays them out: one cluster of mixed cores (DynamIQ), two clusters
 * (big.LITTLE), offline CPUs, CPUs outside the process's affinity, and a kernel without {@code regs}
 * directories (MIDR from {@code /proc/cpuinfo}).
 */
class SysfsCpusTest {

    @TempDir
    Path root;

    private static final long A55 = 0x412fd050L;
    private static final long A76 = 0x414fd0b0L;
    private static final long A53 = 0x410fd034L;
    private static final long A72 = 0x410fd082L;

    private void cpu(int n, Long midr, int capacity, String l2Shared) throws Exception {
        Path c = Files.createDirectories(root.resolve("cpu" + n));
        if (midr != null) {
            Path ident = Files.createDirectories(c.resolve("regs/identification"));
            Files.writeString(ident.resolve("midr_el1"), String.format("0x%016x%n", midr));
        }
        Files.writeString(c.resolve("cpu_capacity"), capacity + "\n");
        cache(c, 0, 1, "Data", "32K", 4, 128, Integer.toString(n));
        cache(c, 1, 1, "Instruction", "32K", 4, 128, Integer.toString(n));
        cache(c, 2, 2, "Unified", capacity == 1024 ? "512K" : "128K", 8, capacity == 1024 ? 1024 : 256, l2Shared);
    }

    private static void cache(Path cpu, int index, int level, String type, String size, int ways, int sets, String shared)
            throws Exception {
        Path d = Files.createDirectories(cpu.resolve("cache/index" + index));
        Files.writeString(d.resolve("level"), level + "\n");
        Files.writeString(d.resolve("type"), type + "\n");
        Files.writeString(d.resolve("size"), size + "\n");
        Files.writeString(d.resolve("ways_of_associativity"), ways + "\n");
        Files.writeString(d.resolve("number_of_sets"), sets + "\n");
        Files.writeString(d.resolve("coherency_line_size"), "64\n");
        Files.writeString(d.resolve("shared_cpu_list"), shared + "\n");
    }

    private List<String> kinds(Optional<java.util.BitSet> allowed, String proc) throws Exception {
        Path procFile = Files.writeString(root.resolveSibling(root.getFileName() + "-cpuinfo"), proc);
        return SysfsCpus.kinds(root, allowed, procFile).stream().map(k -> String.format("0x%08x %s %s %s", k.midr().value(),
                k.cpus(), k.capacity(), k.caches().stream().map(CpuCache::summary).toList())).toList();
    }

    @Test
    void oneClusterOfMixedCoresIsOneKindPerMidr() throws Exception {
        Files.writeString(root.resolve("online"), "0-7\n");
        for (int n = 0; n < 8; n++) {
            cpu(n, n < 6 ? A55 : A76, n < 6 ? 446 : 1024, n < 6 ? Integer.toString(n) : Integer.toString(n));
        }
        assertEquals(List.of(
                "0x412fd050 [0, 1, 2, 3, 4, 5] OptionalInt[446] [L1d 32 KiB, 4-way, 64-byte lines, per logical CPU,"
                        + " L1i 32 KiB, 4-way, 64-byte lines, per logical CPU, L2 128 KiB, 8-way, 64-byte lines, per logical CPU]",
                "0x414fd0b0 [6, 7] OptionalInt[1024] [L1d 32 KiB, 4-way, 64-byte lines, per logical CPU,"
                        + " L1i 32 KiB, 4-way, 64-byte lines, per logical CPU, L2 512 KiB, 8-way, 64-byte lines, per logical CPU]"),
                kinds(Optional.empty(), ""));
    }

    @Test
    void twoClustersOfflineCpusAndAffinityCountOnlyWhatTheProcessRunsOn() throws Exception {
        Files.writeString(root.resolve("online"), "0-2,4-5\n");
        for (int n = 0; n < 6; n++) {
            cpu(n, n < 4 ? A53 : A72, n < 4 ? 485 : 1024, n < 4 ? "0-3" : "4-5");
        }
        assertEquals(List.of("0x410fd034 [0, 1, 2]", "0x410fd082 [4, 5]"), kinds(Optional.empty(), "").stream()
                .map(k -> k.substring(0, k.indexOf(']') + 1)).toList(), "CPU 3 is offline");
        assertTrue(kinds(Optional.empty(), "").get(0).contains("L2 128 KiB, 8-way, 64-byte lines, 1 per 4 logical CPUs"));
        assertEquals(List.of("0x410fd082 [4, 5]"), kinds(Optional.of(CpuList.parse("4-7")), "").stream()
                .map(k -> k.substring(0, k.indexOf(']') + 1)).toList(), "the process may run on 4-7 only");
    }

    @Test
    void withoutRegsTheMidrComesFromProcCpuinfo() throws Exception {
        Files.writeString(root.resolve("online"), "0-1\n");
        cpu(0, null, 512, "0");
        cpu(1, null, 1024, "1");
        String proc = "processor\t: 0\nCPU implementer\t: 0x41\nCPU variant\t: 0x2\nCPU part\t: 0xd05\nCPU revision\t: 0\n\n"
                + "processor\t: 1\nCPU implementer\t: 0x41\nCPU variant\t: 0x4\nCPU part\t: 0xd0b\nCPU revision\t: 0\n\n";
        assertEquals(List.of("0x412fd050 [0]", "0x414fd0b0 [1]"), kinds(Optional.empty(), proc).stream()
                .map(k -> k.substring(0, k.indexOf(']') + 1)).toList());
        assertEquals(List.of(), kinds(Optional.empty(), ""), "no MIDR anywhere: no kind (the probe keeps its snapshot)");
    }

    @Test
    void aMixedMachineIsOneSnapshotPerKindWithItsMidrCpusAndCaches() throws Exception {
        Files.writeString(root.resolve("online"), "0-7\n");
        for (int n = 0; n < 8; n++) {
            cpu(n, n < 4 ? A55 : A76, n < 4 ? 446 : 1024, Integer.toString(n));
        }
        Path status = Files.writeString(root.resolve("status"), "Name:\tjava\nCpus_allowed_list:\t0-7\n");
        AArch64Probe probe = new AArch64Probe(Path.of("/nonexistent"), root.resolve("cpu0/regs/identification"),
                Path.of("/nonexistent"), true, false, false, false, root, status);
        AArch64Snapshot probed = AArch64Snapshot.builder(SnapshotSource.emulated("probed on CPU 5"))
                .hwcap(HwcapWord.HWCAP, 0x119ffbL).idSource(io.cpufeatures.aarch64.IdRegisterSource.MRS)
                .register(IdRegister.MIDR_EL1, A76).register(IdRegister.ID_AA64ISAR0_EL1, 0x100010211120L).build();
        List<AArch64Probe.Kind> kinds = probe.kinds(probed, 8);
        assertEquals(List.of(Optional.of("Cortex-A55"), Optional.of("Cortex-A76")),
                kinds.stream().map(AArch64Probe.Kind::coreKind).toList());
        assertEquals(List.of(4, 4), kinds.stream().map(AArch64Probe.Kind::logicalCpus).toList());
        assertEquals(List.of(0, 4), kinds.stream().map(AArch64Probe.Kind::firstCpu).toList());
        assertEquals(List.of(OptionalInt.of(256), OptionalInt.of(1024)),
                kinds.stream().map(k -> k.caches().get(2).sets()).toList());
        assertEquals(A55, kinds.get(0).snapshot().midr().orElseThrow().value());
        assertEquals(probed.hwcap(), kinds.get(0).snapshot().hwcap(), "the HWCAPs are the kernel's system-wide ones");
        assertEquals(probed.register(IdRegister.ID_AA64ISAR0_EL1), kinds.get(0).snapshot().register(IdRegister.ID_AA64ISAR0_EL1));
    }

    @Test
    void twoRevisionsOfOneCoreAreToldApartByRevision() throws Exception {
        Files.writeString(root.resolve("online"), "0-3\n");
        for (int n = 0; n < 4; n++) {
            cpu(n, n < 2 ? A55 : 0x411fd050L, 446, Integer.toString(n));
        }
        AArch64Probe probe = new AArch64Probe(Path.of("/nonexistent"), root.resolve("cpu0/regs/identification"),
                Path.of("/nonexistent"), true, false, false, false, root, root.resolve("no-status"));
        AArch64Snapshot probed = AArch64Snapshot.builder(SnapshotSource.emulated("probed")).hwcap(HwcapWord.HWCAP, 0x3L)
                .build();
        assertEquals(List.of(Optional.of("Cortex-A55 r2p0"), Optional.of("Cortex-A55 r1p0")),
                probe.kinds(probed, 4).stream().map(AArch64Probe.Kind::coreKind).toList());
    }
}
