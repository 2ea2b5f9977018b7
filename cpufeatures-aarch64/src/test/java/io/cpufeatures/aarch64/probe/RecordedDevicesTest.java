package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.rules.Cores;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SnapshotSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Real arm64 devices' {@code /proc/cpuinfo}, each file naming its source (pytorch/cpuinfo's test data and
 * hrw/arm-socs-table's recordings): every processor block decoded as the kernel's word for that core
 * (its HWCAPs rebuilt from the Features line through the kernel's own names, its MIDR from the CPU
 * lines). On every device the usable set is the Features line, and each core is named as it is.
 */
class RecordedDevicesTest {

    static final List<String> DEVICES = List.of("dimensity7200pro-nothing-phone-2a", "dimensity9000-redmi-k50-pro",
            "exynos2200-galaxy-s22", "exynos8890-galaxy-s7-global", "exynos8890-sbcbench", "exynos8895-galaxy-s8-global",
            "exynos8895-sbcbench", "exynos9810-galaxy-s9-global", "exynos9820-sbcbench", "exynos990-galaxy-s20-ultra",
            "kirin980-huawei-mate-20", "sd835-galaxy-s8-us", "sd835-pixel-2-xl", "sd845-galaxy-s9-us",
            "sd855plus-realme-x3-superzoom", "sd865-xiaomi-mi-10", "sd888plus-moto-g200", "sd8gen1-galaxy-s22-ultra",
            "sd8gen2-xiaomi-13-pro", "tensor-g1-pixel-6a", "tensor-g2-sbcbench", "tensor-g3-pixel-8-pro",
            "tensor-g3-pixel-8");

    static String text(String device) throws IOException {
        try (InputStream in = RecordedDevicesTest.class.getResourceAsStream("/io/cpufeatures/aarch64/devices/" + device
                + ".txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Each processor block of a device: its Features line (the system-wide set) and its own MIDR. */
    static List<AArch64Snapshot> cores(String device) throws IOException {
        String text = text(device);
        String features = io.cpufeatures.os.ProcCpuinfo.firstWith(device, text, "Features").orElseThrow().get("Features");
        List<AArch64Snapshot> cores = new ArrayList<>();
        for (Map<String, String> block : io.cpufeatures.os.ProcCpuinfo.blocks(device, text)) {
            if (!block.containsKey("CPU part")) {
                continue;
            }
            StringBuilder one = new StringBuilder("Features\t: ").append(block.getOrDefault("Features", features)).append('\n');
            for (String key : List.of("CPU implementer", "CPU variant", "CPU part", "CPU revision")) {
                if (block.containsKey(key)) {
                    one.append(key).append("\t: ").append(block.get(key)).append('\n');
                }
            }
            cores.add(ProcCpuinfo.parse(one.toString(), SnapshotSource.file(device + " " + block.get("processor"))));
        }
        return cores;
    }

    @Test
    void usableIsTheKernelsFeaturesLineOnEveryRecordedDevice() throws IOException {
        Set<String> known = Arrays.stream(AArch64Feature.values()).map(AArch64Feature::canonicalName)
                .collect(Collectors.toSet());
        Map<String, String> differences = new TreeMap<>();
        int blocks = 0;
        for (String device : DEVICES) {
            List<AArch64Snapshot> cores = cores(device);
            assertTrue(cores.size() >= 4, device + ": " + cores.size() + " processor blocks");
            for (AArch64Snapshot core : cores) {
                blocks++;
                String text = text(device);
                Set<String> line = Arrays.stream(io.cpufeatures.os.ProcCpuinfo.firstWith(device, text, "Features").orElseThrow()
                        .get("Features").trim().split("\\s+")).filter(known::contains).collect(Collectors.toCollection(TreeSet::new));
                CpuFeatures cpu = CpuFeatures.of(core);
                if (!new TreeSet<>(cpu.usable()).equals(line)) {
                    Set<String> missing = new TreeSet<>(line);
                    missing.removeAll(cpu.usable());
                    differences.put(device, "not usable although the kernel grants: " + missing.stream()
                            .map(m -> m + " (" + cpu.reasons(m) + ")").toList());
                }
            }
        }
        assertTrue(blocks >= 150, blocks + " blocks");
        assertEquals(Map.of(), differences);
    }

    @Test
    void svebf16WithheldBf16IsUsableAndItsTraceSaysWhy() throws IOException {
        for (String device : List.of("tensor-g3-pixel-8", "tensor-g3-pixel-8-pro")) {
            for (AArch64Snapshot core : cores(device)) {
                CpuFeatures cpu = CpuFeatures.of(core);
                assertTrue(cpu.has("svebf16"), device);
                assertTrue(!cpu.isPresent("bf16"), device);
                String trace = cpu.trace("svebf16").orElseThrow().toString();
                assertTrue(trace.contains("usable although bf16 is not: the OS grants svebf16, and its grant outranks"
                        + " the rule svebf16 <- bf16"), trace);
            }
        }
    }

    @Test
    void coresOfOnePartNumberAreToldApartByVariant() throws IOException {
        Map<String, Set<String>> names = new LinkedHashMap<>();
        for (String device : List.of("exynos8890-sbcbench", "exynos8895-galaxy-s8-global", "sd835-pixel-2-xl",
                "sd845-galaxy-s9-us", "sd855plus-realme-x3-superzoom")) {
            names.put(device, cores(device).stream().map(c -> Cores.of(c.midr().orElseThrow()).orElseThrow().name())
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
        assertEquals(Map.of(
                "exynos8890-sbcbench", Set.of("Cortex-A53", "Exynos M1"),
                "exynos8895-galaxy-s8-global", Set.of("Cortex-A53", "Exynos M2"),
                "sd835-pixel-2-xl", Set.of("Kryo 280 Gold (Cortex-A73 based)", "Kryo 280 Silver (Cortex-A53 based)"),
                "sd845-galaxy-s9-us", Set.of("Kryo 3xx Gold (Cortex-A75 based)", "Kryo 3xx Silver (Cortex-A55 based)"),
                "sd855plus-realme-x3-superzoom", Set.of("Kryo 4xx Gold (Cortex-A76 based)",
                        "Kryo 4xx/5xx Silver (Cortex-A55 based)")), names);
    }
}
