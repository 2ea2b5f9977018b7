package io.cpufeatures.ppc64le.dump;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.ProcCpuinfoText;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.ppc64le.Ppc64leFeature;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A powerpc Linux kernel's {@code /proc/cpuinfo} ({@code arch/powerpc/kernel/setup-common.c}, {@code show_cpuinfo})
 * read as a dump. Per processor it prints the processor's name ({@code cpu : POWER9 (raw), altivec supported}: the
 * kernel's CPU table entry, {@code (architected)} in a compatibility mode), its clock and its {@code revision} with the
 * processor version register ({@code 2.2 (pvr 004e 1202)}); after them the machine's {@code timebase},
 * {@code platform} ({@code PowerNV} on bare metal, {@code pSeries} in an LPAR or a KVM guest), {@code model},
 * {@code machine}, {@code firmware} and {@code MMU}. The PVR names the processor, so its generation and ISA level
 * ({@link io.cpufeatures.ppc64le.Processor}); the machine's lines go to the source's detail. powerpc's text lists no
 * features: the HWCAP words are not in it ({@link #UNSTATED}), and every feature but AltiVec, which
 * {@code altivec supported} states, is unknown, not absent. Processors alike in name and PVR are one kind.
 */
public final class ProcCpuinfoDump {

    /** The format's identifier in reports. */
    public static final String FORMAT = "proc_cpuinfo";

    /**
     * What a text of this format leaves out that the probe reads: the HWCAP words. The module's traces and reasons
     * read it to say a feature is not stated rather than not reported.
     */
    public static final String UNSTATED = "HWCAP words";

    private static final Set<String> KEEP = Set.of("processor", "cpu", "revision", "platform", "model", "machine",
            "firmware");

    private ProcCpuinfoDump() {
    }

    /**
     * Whether {@code text} is a powerpc kernel's {@code /proc/cpuinfo}.
     *
     * @param text a file's text
     * @return whether {@link ProcCpuinfoText#architecture} says so
     */
    public static boolean recognises(String text) {
        return ProcCpuinfoText.architecture(text).filter(Ppc64leSnapshot.ARCHITECTURE::equals).isPresent();
    }

    /** One kind while the text is read. */
    private static final class Kind {
        final String cpu;
        final int pvr;
        final String processor;
        final int first;
        int count;

        Kind(String cpu, int pvr, String processor, int first) {
            this.cpu = cpu;
            this.pvr = pvr;
            this.processor = processor;
            this.first = first;
        }
    }

    /**
     * Reads a text.
     *
     * @param file the file's name, for errors and the sources
     * @param text the text
     * @return the dump: one logical CPU per block with a {@code cpu} line, alike ones one kind
     * @throws DumpFormatException naming the line, for a line that is not {@code name : value} or is longer than the
     *                             kit's limit, a processor without a {@code revision} holding {@code (pvr XXXX XXXX)},
     *                             a processor past the 64th kind; or a text without any processor
     */
    public static SnapshotDump<Ppc64leSnapshot> read(String file, String text) throws DumpFormatException {
        Map<String, Kind> kinds = new LinkedHashMap<>();
        Map<String, String> machine = new LinkedHashMap<>();
        int[] cpus = {0};
        ProcCpuinfoText.read(file, text, KEEP, block -> {
            Map<String, String> f = block.fields();
            if (!f.containsKey("cpu")) {
                for (String name : List.of("platform", "model", "machine", "firmware")) {
                    if (f.containsKey(name)) {
                        machine.putIfAbsent(name, f.get(name));
                    }
                }
                return;
            }
            String what = "processor " + f.getOrDefault("processor", "at line " + block.line());
            String revision = block.require("revision", what);
            int pvr = pvr(revision).orElseThrow(() -> new DumpFormatException(file, block.lines().get("revision"),
                    "'revision' is '" + ProcCpuinfoText.abbreviate(revision) + "'; accepted: the kernel's 'N.N (pvr XXXX"
                            + " XXXX)', the processor version register in two halves of 4 hex digits"));
            String key = f.get("cpu") + "|" + pvr;
            Kind k = kinds.get(key);
            if (k == null) {
                if (kinds.size() == CpuDumps.MAX_KINDS) {
                    throw new DumpFormatException(file, block.line(), CpuDumps.kindPastTheLimit());
                }
                k = new Kind(f.get("cpu"), pvr, f.getOrDefault("processor", "?"), cpus[0]);
                kinds.put(key, k);
            }
            k.count += Math.max(1, block.processors());
            cpus[0] += Math.max(1, block.processors());
        });
        if (cpus[0] == 0) {
            throw new DumpFormatException(file, 0, "a powerpc /proc/cpuinfo without any processor's 'cpu' line; accepted:"
                    + " the kernel's blocks of 'processor', 'cpu', 'clock' and 'revision' lines");
        }
        String where = machine.isEmpty() ? "" : ", " + String.join(", ", machine.values());
        List<CpuKind<Ppc64leSnapshot>> list = new ArrayList<>();
        for (Kind k : kinds.values()) {
            // the one feature the text states: show_cpuinfo appends ", altivec supported" when the CPU has AltiVec
            long hwcap = k.cpu.endsWith("altivec supported") ? 1L << Ppc64leFeature.ALTIVEC.bit() : 0;
            SnapshotSource source = new SnapshotSource(SourceKind.PROC_CPUINFO, file + " processor " + k.processor
                    + " (Linux /proc/cpuinfo: cpu " + ProcCpuinfoText.abbreviate(k.cpu) + where + ")", List.of(UNSTATED));
            list.add(new CpuKind<>(new Ppc64leSnapshot(hwcap, 0, Optional.empty(), Optional.empty(), OptionalInt.of(k.pvr),
                    source), k.count, k.first));
        }
        return new SnapshotDump<>(file, FORMAT, cpus[0], list);
    }

    /** The PVR in {@code revision}'s {@code (pvr XXXX XXXX)}, as {@code show_cpuinfo} prints its two halves. */
    private static OptionalInt pvr(String revision) {
        int at = revision.indexOf("(pvr ");
        if (at < 0 || revision.length() < at + 15 || revision.charAt(at + 9) != ' ' || revision.charAt(at + 14) != ')') {
            return OptionalInt.empty();
        }
        String hex = revision.substring(at + 5, at + 9) + revision.substring(at + 10, at + 14);
        for (int i = 0; i < hex.length(); i++) {
            if (Character.digit(hex.charAt(i), 16) < 0 || hex.charAt(i) > 'f') {
                return OptionalInt.empty();
            }
        }
        return OptionalInt.of(Integer.parseUnsignedInt(hex, 16));
    }
}
