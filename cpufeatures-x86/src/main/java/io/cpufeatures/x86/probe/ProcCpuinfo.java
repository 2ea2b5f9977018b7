package io.cpufeatures.x86.probe;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.CpuidSnapshot;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fallback source on Linux: the kernel's {@code /proc/cpuinfo}, turned into a snapshot so the
 * same decoder runs on it. Only the first processor's block is read; its {@code flags} line sets
 * the CPUID bit of every feature whose canonical name it lists. The kernel's view has the
 * dependency cascade applied and omits features whose register state the kernel did not enable
 * ({@code arch/x86/kernel/fpu/xstate.c}), but it does not show XCR0, so XCR0 is unknown and recorded
 * as checked by the kernel ({@link io.cpufeatures.x86.Xcr0Source#KERNEL_CHECKED}); it also
 * hides flags the kernel does not name ({@code osxsave} is implied by {@code xsave}) or chose to
 * clear.
 */
final class ProcCpuinfo {

    private ProcCpuinfo() {
    }

    /**
     * The snapshot of the first processor in {@code text}.
     *
     * @throws IllegalArgumentException if a required field is missing or malformed
     */
    static CpuidSnapshot parse(String text, SnapshotSource source) {
        return parse("/proc/cpuinfo", text, source);
    }

    /**
     * The snapshot of the first processor in {@code text}, the file {@code file}.
     *
     * @throws IllegalArgumentException if a required field is missing or malformed, or the text breaks the kernel's
     *                                  rules ({@link io.cpufeatures.os.ProcCpuinfo#blocks}), naming the line
     */
    static CpuidSnapshot parse(String file, String text, SnapshotSource source) {
        Map<String, String> fields = firstProcessor(file, text);
        String vendor = require(fields, "vendor_id");
        int family = number(fields, "cpu family");
        int model = number(fields, "model");
        int stepping = fields.containsKey("stepping") ? number(fields, "stepping") : 0;
        Set<String> flags = new HashSet<>(io.cpufeatures.os.ProcCpuinfo.words(require(fields, "flags")));
        return KernelFlagSnapshot.of(vendor, family, model, stepping, fields.getOrDefault("model name", ""), flags, source);
    }

    /**
     * The signature whose display family, model and stepping are these (the inverse of Linux's rules). The model's
     * high digit goes to the extended model field whatever the family (0 for every real CPU below family 6), so that
     * a text that states a model but no family keeps it ({@link io.cpufeatures.x86.CpuIdentity#of}).
     */
    static int signature(int family, int model, int stepping) {
        int baseFamily = Math.min(family, 0xf);
        int extFamily = family >= 0xf ? family - 0xf : 0;
        int extModel = model >> 4;
        return extFamily << 20 | extModel << 16 | baseFamily << 8 | (model & 0xf) << 4 | (stepping & 0xf);
    }

    private static Map<String, String> firstProcessor(String file, String text) {
        List<Map<String, String>> blocks = io.cpufeatures.os.ProcCpuinfo.blocks(file, text);
        return blocks.isEmpty() ? Map.of() : blocks.get(0);
    }

    private static String require(Map<String, String> fields, String name) {
        String v = fields.get(name);
        if (v == null) {
            throw new IllegalArgumentException("/proc/cpuinfo has no '" + name + "' field (not an x86 kernel?)");
        }
        return v;
    }

    private static int number(Map<String, String> fields, String name) {
        require(fields, name);
        return io.cpufeatures.os.ProcCpuinfo.number(fields, name);
    }
}
