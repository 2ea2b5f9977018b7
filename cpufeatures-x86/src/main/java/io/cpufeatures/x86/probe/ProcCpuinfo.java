package io.cpufeatures.x86.probe;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.CpuidBit;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.X86Feature;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
        Map<String, String> fields = firstProcessor(text);
        String vendor = require(fields, "vendor_id");
        int family = number(fields, "cpu family");
        int model = number(fields, "model");
        int stepping = fields.containsKey("stepping") ? number(fields, "stepping") : 0;
        Set<String> flags = new TreeSet<>(List.of(require(fields, "flags").trim().split("\\s+")));

        Map<Long, int[]> regs = new HashMap<>();
        for (X86Feature f : X86Feature.values()) {
            if (flags.contains(f.canonicalName())) {
                set(regs, f.bit());
            }
        }
        if (flags.contains("xsave")) {
            set(regs, X86Feature.OSXSAVE.bit());
        }
        reg(regs, 1, 0)[0] = signature(family, model, stepping);
        reg(regs, 7, 0)[0] = regs.containsKey(key(7, 1)) ? 1 : 0;
        String brand = fields.getOrDefault("model name", "");
        byte[] b = new byte[48];
        byte[] text48 = brand.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(text48, 0, b, 0, Math.min(47, text48.length));
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        for (int leaf = 0x8000_0002; leaf <= 0x8000_0004; leaf++) {
            int[] r = reg(regs, leaf, 0);
            for (int i = 0; i < 4; i++) {
                r[i] = bb.getInt();
            }
        }
        byte[] v = (vendor + "            ").substring(0, 12).getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer vb = ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN);
        int ebx = vb.getInt();
        int edx = vb.getInt();
        int ecx = vb.getInt();
        CpuidSnapshot.Builder builder = CpuidSnapshot.builder(source).xcr0CheckedByKernel();
        builder.put(0, 0, 0xD, ebx, ecx, edx);
        builder.put(0x8000_0000, 0, 0x8000_0008, 0, 0, 0);
        reg(regs, 0xD, 1);
        regs.forEach((k, r) -> builder.put((int) (k >>> 32), (int) (long) k, r[0], r[1], r[2], r[3]));
        return builder.build();
    }

    /** The signature whose display family, model and stepping are these (the inverse of Linux's rules). */
    static int signature(int family, int model, int stepping) {
        int baseFamily = Math.min(family, 0xf);
        int extFamily = family >= 0xf ? family - 0xf : 0;
        int extModel = family >= 6 ? model >> 4 : 0;
        return extFamily << 20 | extModel << 16 | baseFamily << 8 | (model & 0xf) << 4 | (stepping & 0xf);
    }

    private static Map<String, String> firstProcessor(String text) {
        return io.cpufeatures.os.ProcCpuinfo.blocks(text).stream().findFirst().orElse(Map.of());
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

    private static void set(Map<Long, int[]> regs, CpuidBit bit) {
        reg(regs, bit.leaf(), bit.subleaf())[bit.register().ordinal()] |= 1 << bit.bit();
    }

    private static int[] reg(Map<Long, int[]> regs, int leaf, int subleaf) {
        return regs.computeIfAbsent(key(leaf, subleaf), k -> new int[4]);
    }

    private static long key(int leaf, int subleaf) {
        return (long) leaf << 32 | (subleaf & 0xffff_ffffL);
    }
}
