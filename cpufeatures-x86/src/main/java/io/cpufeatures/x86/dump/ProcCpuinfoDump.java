package io.cpufeatures.x86.dump;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.ProcCpuinfoText;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.probe.KernelFlagSnapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An x86 Linux kernel's {@code /proc/cpuinfo} ({@code arch/x86/kernel/cpu/proc.c}, {@code show_cpuinfo}) read as a
 * dump: each {@code processor} block is a logical CPU, its {@code flags} the kernel's word on its features
 * ({@link KernelFlagSnapshot}: a flag sets the CPUID bit of the feature the x86 table names so; the kernel names a
 * feature that needs register state only when it enabled that state, so XCR0 is unknown but checked by the kernel),
 * its {@code vendor_id}, {@code cpu family}, {@code model}, {@code stepping} and {@code model name} the identity, its
 * {@code microcode} the source's detail. Flags that are not CPUID bits (Linux's own, {@code constant_tsc},
 * {@code rep_good}...) are not in the table and are not read. The CPUID registers are not in the text, so every
 * answer that needs one (caches, a hybrid part's core types, the hypervisor's name, AVX10's version) says so
 * ({@link SnapshotSource#unstated()}). Blocks alike in all of that are one kind.
 */
public final class ProcCpuinfoDump {

    /** The format's identifier in reports. */
    public static final String FORMAT = "proc_cpuinfo";

    private static final Set<String> KEEP = Set.of("processor", "vendor_id", "cpu family", "model", "model name",
            "stepping", "microcode", "flags");

    private ProcCpuinfoDump() {
    }

    /**
     * Whether {@code text} is an x86 kernel's {@code /proc/cpuinfo}.
     *
     * @param text a file's text
     * @return whether {@link ProcCpuinfoText#architecture} says so
     */
    public static boolean recognises(String text) {
        return ProcCpuinfoText.architecture(text).filter("x86_64"::equals).isPresent();
    }

    /** One kind of logical CPU while the text is read: its first block's values, how many blocks are alike. */
    private static final class Kind {
        final Map<String, String> fields;
        final int first;
        int count;

        Kind(Map<String, String> fields, int first) {
            this.fields = fields;
            this.first = first;
        }
    }

    /**
     * Reads a text.
     *
     * @param file the file's name, for errors and the sources
     * @param text the text
     * @return the dump: one logical CPU per block with a {@code processor} line, alike ones one kind
     * @throws DumpFormatException naming the line, for a line that is not {@code name : value} or is longer than the
     *                             kit's limit, a processor without {@code vendor_id}, {@code cpu family}, {@code model}
     *                             or {@code flags}, a family, model or stepping out of CPUID's range (0 to 270, 255,
     *                             15), a vendor longer than CPUID's 12 characters, a processor past the 64th kind; or
     *                             a text without any processor
     */
    public static SnapshotDump<CpuidSnapshot> read(String file, String text) throws DumpFormatException {
        Map<String, Kind> kinds = new LinkedHashMap<>();
        int[] cpus = {0};
        ProcCpuinfoText.read(file, text, KEEP, block -> {
            if (block.processors() == 0 && !block.fields().containsKey("flags")) {
                return;
            }
            String what = "processor " + block.fields().getOrDefault("processor", "at line " + block.line());
            String vendor = block.require("vendor_id", what);
            if (vendor.length() > 12) {
                throw new DumpFormatException(file, block.lines().get("vendor_id"), "'vendor_id' is '"
                        + ProcCpuinfoText.abbreviate(vendor) + "'; accepted: CPUID's vendor string, at most 12 characters");
            }
            block.require("cpu family", what);
            block.require("model", what);
            block.require("flags", what);
            // CPUID's display values: the family is the base family plus the extended one (0xf + 0xff at most)
            block.number("cpu family", 0xf + 0xff);
            block.number("model", 0xff);
            // a kernel that could not read the stepping prints 'unknown' (proc.c)
            if (!"unknown".equals(block.fields().get("stepping"))) {
                block.number("stepping", 0xf);
            }
            Map<String, String> key = new LinkedHashMap<>(block.fields());
            key.remove("processor");
            key.remove("microcode");
            Kind k = kinds.get(key.toString());
            if (k == null) {
                if (kinds.size() == CpuDumps.MAX_KINDS) {
                    throw new DumpFormatException(file, block.line(), CpuDumps.kindPastTheLimit());
                }
                k = new Kind(block.fields(), cpus[0]);
                kinds.put(key.toString(), k);
            }
            k.count++;
            cpus[0]++;
        });
        if (cpus[0] == 0) {
            throw new DumpFormatException(file, 0, "an x86 /proc/cpuinfo without any processor block; accepted: the"
                    + " kernel's blocks of 'processor', 'vendor_id', 'cpu family', 'model', 'flags' lines");
        }
        List<CpuKind<CpuidSnapshot>> list = new ArrayList<>();
        for (Kind k : kinds.values()) {
            list.add(new CpuKind<>(snapshot(file, k.fields), k.count, k.first));
        }
        return new SnapshotDump<>(file, FORMAT, cpus[0], list);
    }

    /** The snapshot of one block's values, already checked. */
    private static CpuidSnapshot snapshot(String file, Map<String, String> f) {
        Set<String> flags = new HashSet<>(List.of(f.get("flags").split("[ \t]+")));
        String stepping = f.getOrDefault("stepping", "unknown");
        String microcode = f.get("microcode");
        SnapshotSource source = new SnapshotSource(SourceKind.PROC_CPUINFO, file + " processor "
                + f.getOrDefault("processor", "?") + " (Linux /proc/cpuinfo: the kernel's flags"
                + (microcode == null ? "" : ", microcode " + ProcCpuinfoText.abbreviate(microcode))
                + (stepping.equals("unknown") ? ", stepping unknown" : "") + ")", KernelFlagSnapshot.UNSTATED);
        return KernelFlagSnapshot.of(f.get("vendor_id"), (int) number(f.get("cpu family")), (int) number(f.get("model")),
                stepping.equals("unknown") ? 0 : (int) number(stepping), f.getOrDefault("model name", ""), flags, source);
    }

    /** A value {@link ProcCpuinfoText.Block#number} has checked. */
    private static long number(String v) {
        return v.startsWith("0x") || v.startsWith("0X") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
    }
}
