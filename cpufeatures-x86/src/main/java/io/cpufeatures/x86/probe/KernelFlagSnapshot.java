package io.cpufeatures.x86.probe;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A CPUID snapshot rebuilt from what a kernel says in words: its feature names (Linux's, as the x86 table names them),
 * the vendor, family, model, stepping and brand. Only the bits of the features named are set; XCR0 is unknown and
 * recorded as checked by the kernel ({@link io.cpufeatures.x86.Xcr0Source#KERNEL_CHECKED}), since such a kernel
 * names a feature that needs register state only when it enabled that state. What Linux's {@code /proc/cpuinfo} and
 * macOS's {@code sysctl} listings give.
 */
public final class KernelFlagSnapshot {

    /**
     * What a snapshot rebuilt from words does not state that the native probe reads: the value of XCR0, and the CPUID
     * registers themselves (caches, a hybrid part's core types, the hypervisor's name, AVX10's version need them).
     */
    public static final List<String> UNSTATED = List.of("XCR0", "CPUID registers");

    private KernelFlagSnapshot() {
    }

    /**
     * The snapshot.
     *
     * @param vendor   the vendor string, e.g. {@code GenuineIntel}
     * @param family   the display family
     * @param model    the display model
     * @param stepping the stepping
     * @param brand    the brand string
     * @param flags    the canonical names of the features the kernel names
     * @param source   where it came from
     * @return the snapshot: leaf 0 (vendor, 0xD), 1 (signature and bits), 7, 0x80000001-0x80000004 (bits, brand)
     */
    public static CpuidSnapshot of(String vendor, int family, int model, int stepping, String brand, Set<String> flags,
            SnapshotSource source) {
        return build(vendor, family, model, stepping, brand, flags, Set.of(), source, true);
    }

    /**
     * The snapshot of a kernel's word that states only some features (an Intel Mac's listing without one of its
     * {@code machdep.cpu} words): as {@link #of}, with the bits of {@code unstated} recorded as unknown
     * ({@link CpuidSnapshot#unstated}), not absent.
     *
     * @param vendor   the vendor string, e.g. {@code GenuineIntel}
     * @param family   the display family
     * @param model    the display model
     * @param stepping the stepping
     * @param brand    the brand string
     * @param flags    the canonical names of the features the kernel names
     * @param unstated the canonical names of the features the text says nothing of; none of {@code flags}
     * @param source   where it came from
     * @return the snapshot
     */
    public static CpuidSnapshot of(String vendor, int family, int model, int stepping, String brand, Set<String> flags,
            Set<String> unstated, SnapshotSource source) {
        return build(vendor, family, model, stepping, brand, flags, unstated, source, true);
    }

    /**
     * The snapshot of a tool's word on CPUID alone (Sysinternals Coreinfo, say): the same leaves, but OSXSAVE only where
     * named and XCR0 unknown ({@link io.cpufeatures.x86.Xcr0Source#UNKNOWN}), since such a tool reads CPUID and not what
     * the OS enabled; features that need register state are then not usable, each saying so.
     *
     * @param vendor   the vendor string, e.g. {@code GenuineIntel}
     * @param family   the display family
     * @param model    the display model
     * @param stepping the stepping
     * @param brand    the brand string
     * @param flags    the canonical names of the features the tool names
     * @param source   where it came from
     * @return the snapshot
     */
    public static CpuidSnapshot cpuidOnly(String vendor, int family, int model, int stepping, String brand,
            Set<String> flags, SnapshotSource source) {
        return build(vendor, family, model, stepping, brand, flags, Set.of(), source, false);
    }

    private static CpuidSnapshot build(String vendor, int family, int model, int stepping, String brand,
            Set<String> flags, Set<String> unstated, SnapshotSource source, boolean kernelChecked) {
        Map<Long, int[]> regs = new HashMap<>();
        Map<Long, int[]> unknown = new HashMap<>();
        for (X86Feature f : X86Feature.values()) {
            if (flags.contains(f.canonicalName())) {
                set(regs, f.bit());
            } else if (unstated.contains(f.canonicalName())
                    && !(kernelChecked && f == X86Feature.OSXSAVE && flags.contains("xsave"))) {
                set(unknown, f.bit());
            }
        }
        if (kernelChecked && flags.contains("xsave")) {
            set(regs, X86Feature.OSXSAVE.bit());
        }
        reg(regs, 1, 0)[0] = ProcCpuinfo.signature(family, model, stepping);
        reg(regs, 7, 0)[0] = regs.containsKey(key(7, 1)) ? 1 : 0;
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
        CpuidSnapshot.Builder builder = CpuidSnapshot.builder(source);
        if (kernelChecked) {
            builder.xcr0CheckedByKernel();
        }
        builder.put(0, 0, 0xD, ebx, ecx, edx);
        builder.put(0x8000_0000, 0, 0x8000_0008, 0, 0, 0);
        reg(regs, 0xD, 1);
        for (Map.Entry<Long, int[]> e : regs.entrySet()) {
            int[] r = e.getValue();
            builder.put((int) (e.getKey() >>> 32), (int) (long) e.getKey(), r[0], r[1], r[2], r[3]);
        }
        for (Map.Entry<Long, int[]> e : unknown.entrySet()) {
            int[] r = e.getValue();
            builder.unstated((int) (e.getKey() >>> 32), (int) (long) e.getKey(), new CpuidRegisters(r[0], r[1], r[2], r[3]));
        }
        return builder.build();
    }

    private static void set(Map<Long, int[]> regs, CpuidBit bit) {
        reg(regs, bit.leaf(), bit.subleaf())[bit.register().ordinal()] |= 1 << bit.bit();
    }

    private static int[] reg(Map<Long, int[]> regs, int leaf, int subleaf) {
        // no computeIfAbsent: its lambda would be the first answer's only one
        int[] r = regs.get(key(leaf, subleaf));
        if (r == null) {
            r = new int[4];
            regs.put(key(leaf, subleaf), r);
        }
        return r;
    }

    private static long key(int leaf, int subleaf) {
        return (long) leaf << 32 | (subleaf & 0xffff_ffffL);
    }
}
