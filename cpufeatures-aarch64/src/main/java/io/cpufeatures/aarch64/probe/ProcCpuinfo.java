package io.cpufeatures.aarch64.probe;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.aarch64.Midr;
import io.cpufeatures.core.SnapshotSource;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fallback source on Linux: the kernel's {@code /proc/cpuinfo} for arm64
 * ({@code arch/arm64/kernel/cpuinfo.c}), turned into a snapshot so the same decoder runs on it. The
 * first processor block with a {@code Features} line is read: each name there is one hwcap
 * ({@code hwcap_str[]} is the table's canonical names), and "CPU implementer", "CPU variant",
 * "CPU part" and "CPU revision" give MIDR_EL1 (its architecture field, 0xF on every AArch64 CPU, is
 * not printed). The ID registers are not in the file, so presence is the kernel's view; names the
 * table does not know (a newer kernel's) are ignored.
 *
 * <p>A file without {@code Features} is refused: it is not arm64's. Under qemu-user before qemu 8 the
 * process sees the host's file (an x86 one, with {@code vendor_id} and {@code flags}); reading its
 * flags as arm64 hwcaps would invent a CPU.
 */
final class ProcCpuinfo {

    private ProcCpuinfo() {
    }

    /**
     * The snapshot of the first processor in {@code text}.
     *
     * @throws IllegalArgumentException if the file is not an arm64 one or a field is malformed
     */
    static AArch64Snapshot parse(String text, SnapshotSource source) {
        return parse("/proc/cpuinfo", text, source);
    }

    /**
     * The snapshot of the first processor in {@code text}, the file {@code file}.
     *
     * @throws IllegalArgumentException if the file is not an arm64 one, a field is malformed, or the text breaks the
     *                                  kernel's rules ({@link io.cpufeatures.os.ProcCpuinfo#blocks}), naming the line
     */
    static AArch64Snapshot parse(String file, String text, SnapshotSource source) {
        Optional<Map<String, String>> block = io.cpufeatures.os.ProcCpuinfo.firstWith(file, text, "Features");
        if (block.isEmpty()) {
            List<Map<String, String>> blocks = io.cpufeatures.os.ProcCpuinfo.blocks(file, text);
            Map<String, String> first = blocks.isEmpty() ? Map.of() : blocks.get(0);
            boolean x86 = first.containsKey("flags") || first.containsKey("vendor_id");
            throw new IllegalArgumentException("/proc/cpuinfo has no 'Features' line, so it is not an arm64 kernel's"
                    + (x86 ? " (it has x86's 'vendor_id' and 'flags': under qemu-user before qemu 8 the host's file shows"
                    + " through)" : ""));
        }
        Map<String, String> fields = block.get();
        String features = fields.get("Features");
        Map<String, AArch64Feature> byName = new HashMap<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            byName.put(f.canonicalName(), f);
        }
        Map<HwcapWord, Long> words = new EnumMap<>(HwcapWord.class);
        for (String name : io.cpufeatures.os.ProcCpuinfo.words(features)) {
            AArch64Feature f = byName.get(name);
            if (f != null) {
                words.merge(f.word(), 1L << f.bit(), (a, b) -> a | b);
            }
        }
        // AT_HWCAP3 only where a feature of it is shown: older kernels have no such entry.
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(source);
        words.forEach(b::hwcap);
        if (fields.containsKey("CPU implementer") && fields.containsKey("CPU part")) {
            Midr midr = new Midr(number(fields, "CPU implementer"), fields.containsKey("CPU variant") ? number(fields, "CPU variant") : 0,
                    0xf, number(fields, "CPU part"), fields.containsKey("CPU revision") ? number(fields, "CPU revision") : 0);
            b.idSource(IdRegisterSource.PROC_CPUINFO).register(IdRegister.MIDR_EL1, midr.value());
        }
        return b.build();
    }

    private static int number(Map<String, String> fields, String name) {
        return io.cpufeatures.os.ProcCpuinfo.number(fields, name);
    }
}
