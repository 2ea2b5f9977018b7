package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The live probe's caches against what Linux says of logical CPU 0 in sysfs ({@code
 * /sys/devices/system/cpu/cpu0/cache/index*}), which the kernel reads from the same CPUID leaves (leaf 4,
 * AMD's 0x8000001D): level, type, size, ways, line size and sets of every cache must agree, on whatever x86
 * machine and hypervisor runs the test (skipped, saying so, where the caches come from AMD's legacy leaves).
 */
class CachesAgainstSysfsTest {

    private static final Path CPU0 = Path.of("/sys/devices/system/cpu/cpu0/cache");

    private static String read(Path dir, String name) throws Exception {
        Path f = dir.resolve(name);
        return Files.isReadable(f) ? Files.readString(f).strip() : "";
    }

    /** {@code 32K}, {@code 1024K}, {@code 32M} in bytes. */
    private static long bytes(String size) {
        long unit = size.endsWith("K") ? 1024 : size.endsWith("M") ? 1 << 20 : 1;
        return Long.parseLong(unit == 1 ? size : size.substring(0, size.length() - 1)) * unit;
    }

    @Test
    void theLiveProbesCachesAreLinuxsCachesOfCpu0() throws Exception {
        assumeTrue(System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64"),
                "x86-64 Linux only");
        assumeTrue(Files.isDirectory(CPU0), "no cache directory in sysfs here");
        CpuFeatures cpu = CpuFeatures.current();
        List<CpuCache> ours = cpu.coreKinds().isEmpty() ? cpu.caches() : cpu.coreKinds().stream()
                .filter(k -> k.firstLogicalCpu() == 0).findFirst().map(CpuKind::cpu).orElseThrow().caches();
        // Linux builds sysfs from the deterministic leaves as read here; from AMD's legacy leaves (a hypervisor
        // hiding the topology extensions) it emulates them, differently by kernel version (code 9, multi-node L3)
        assumeTrue(ours.stream().allMatch(c -> c.source().startsWith("CPUID leaf 4") || c.source().startsWith("CPUID"
                + " 0x8000001D")), "caches from legacy leaves, which Linux's sysfs emulates by kernel version: " + ours);
        List<String> linux = new ArrayList<>();
        try (Stream<Path> indexes = Files.list(CPU0)) {
            for (Path d : indexes.filter(p -> p.getFileName().toString().startsWith("index")).sorted().toList()) {
                String type = switch (read(d, "type")) {
                    case "Data" -> "d";
                    case "Instruction" -> "i";
                    default -> "";
                };
                linux.add("L" + read(d, "level") + type + " " + bytes(read(d, "size")) + " bytes, "
                        + read(d, "ways_of_associativity") + " ways, " + read(d, "coherency_line_size") + "-byte lines, "
                        + read(d, "number_of_sets") + " sets");
            }
        }
        assumeTrue(!linux.isEmpty(), "the kernel lists no cache");
        List<String> probed = ours.stream().map(c -> c.name() + " " + c.size() + " bytes, " + c.ways().orElse(0) + " ways, "
                + c.lineBytes().orElse(0) + "-byte lines, " + c.sets().orElse(0) + " sets").sorted().toList();
        assertEquals(linux.stream().sorted().toList(), probed, cpu.source().toString());
    }
}
