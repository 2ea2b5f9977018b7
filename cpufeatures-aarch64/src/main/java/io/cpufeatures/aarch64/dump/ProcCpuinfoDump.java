package io.cpufeatures.aarch64.dump;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.aarch64.Midr;
import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.ProcCpuinfoText;
import io.cpufeatures.core.kit.SnapshotDump;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An arm64 Linux kernel's {@code /proc/cpuinfo} ({@code arch/arm64/kernel/cpuinfo.c}, {@code c_show}) read as a dump:
 * each processor's {@code Features} line is the kernel's HWCAP words (each name one hwcap, the names the table's
 * canonical ones, as {@code hwcap_str[]} spells them) and its {@code CPU implementer}, {@code CPU variant},
 * {@code CPU part} and {@code CPU revision} lines its MIDR_EL1 (the architecture field, 0xF on every AArch64 CPU, is
 * not printed). Processors with the same MIDR and features are one kind, so a big.LITTLE part is one kind per core, as
 * the probe reports it from sysfs. Kernels before 3.19 print every {@code processor} line first and one set of fields,
 * the boot CPU's, after them: all of them are then that CPU, as far as the text can say. A processor block without
 * one of the fields takes the text's first value of it (a kernel prints them for every CPU; a text cut short may
 * not). The ID registers other than MIDR_EL1 and the SVE and SME vector lengths are not in the text: presence is the
 * kernel's word, and reports say what the text does not state ({@link SnapshotSource#unstated()}). Names the
 * table does not know (a newer kernel's) are named in the source's detail.
 */
public final class ProcCpuinfoDump {

    /** The format's identifier in reports. */
    public static final String FORMAT = "proc_cpuinfo";

    private static final String FEATURES = "Features";
    private static final String IMPLEMENTER = "CPU implementer";
    private static final String VARIANT = "CPU variant";
    private static final String PART = "CPU part";
    private static final String REVISION = "CPU revision";
    private static final List<String> MIDR_FIELDS = List.of(IMPLEMENTER, VARIANT, PART, REVISION);

    private static final Set<String> KEEP = Set.of("processor", FEATURES, IMPLEMENTER, VARIANT, PART, REVISION,
            "Hardware", "Model");

    /** How many names the table does not know the detail lists. */
    private static final int NAMED = 8;

    private ProcCpuinfoDump() {
    }

    /**
     * Whether {@code text} is an arm64 kernel's {@code /proc/cpuinfo} with AArch64's feature names.
     *
     * @param text a file's text
     * @return whether {@link ProcCpuinfoText#architecture} says so
     */
    public static boolean recognises(String text) {
        return ProcCpuinfoText.architecture(text).filter(AArch64Snapshot.ARCHITECTURE::equals).isPresent();
    }

    /** One kind while the text is read: its features and MIDR fields, its first logical CPU, how many it has. */
    private static final class Kind {
        final String features;
        final Map<String, String> midr;
        final int first;
        int count;

        Kind(String features, Map<String, String> midr, int first) {
            this.features = features;
            this.midr = midr;
            this.first = first;
        }
    }

    /**
     * What is read so far: the kinds, the processors whose fields are still to come (a kernel before 3.19 prints
     * them after every processor line), each field's first value, the machine's lines. Blocks are folded into kinds as
     * they come, so a text is read in memory of its kinds, not of its processors.
     */
    private static final class Reading {
        final String file;
        final Map<String, Kind> kinds = new LinkedHashMap<>();
        /** Processors without some of the fields, by the fields they do have, each {first, count}. */
        final Map<Map<String, String>, int[]> pending = new LinkedHashMap<>();
        final Map<String, String> firsts = new HashMap<>();
        final Map<String, String> machine = new LinkedHashMap<>();
        int cpus;

        Reading(String file) {
            this.file = file;
        }

        void block(ProcCpuinfoText.Block block) throws DumpFormatException {
            Map<String, String> f = block.fields();
            checkMidr(block);
            for (String name : CPU_FIELDS) {
                if (f.containsKey(name)) {
                    firsts.putIfAbsent(name, f.get(name));
                }
            }
            if (block.processors() == 0) {
                for (String name : List.of("Hardware", "Model")) {
                    if (f.containsKey(name)) {
                        machine.putIfAbsent(name, f.get(name));
                    }
                }
                // a block of the fields alone (before 3.19: the boot CPU's, after the processor lines) stands for
                // the processors before it that had none of their own
                if (f.containsKey(FEATURES)) {
                    resolve(cpuFields(f), block.line());
                }
                return;
            }
            Map<String, String> own = cpuFields(f);
            int first = cpus;
            cpus += block.processors();
            if (own.containsKey(FEATURES) && own.containsKey(IMPLEMENTER) && own.containsKey(PART)) {
                fold(own, first, block.processors(), block.line());
                return;
            }
            int[] p = pending.get(own);
            if (p == null) {
                if (pending.size() == CpuDumps.MAX_KINDS) {
                    throw new DumpFormatException(file, block.line(), CpuDumps.kindPastTheLimit());
                }
                pending.put(own, new int[] {first, block.processors()});
            } else {
                p[1] += block.processors();
            }
        }

        /** The processors still without fields, given {@code with}'s where they have none of their own. */
        void resolve(Map<String, String> with, int line) throws DumpFormatException {
            for (Map.Entry<Map<String, String>, int[]> e : pending.entrySet()) {
                Map<String, String> all = new HashMap<>(with);
                all.putAll(e.getKey());
                if (!all.containsKey(FEATURES) || !all.containsKey(IMPLEMENTER) || !all.containsKey(PART)) {
                    throw new DumpFormatException(file, 0, "an arm64 /proc/cpuinfo without a 'Features', 'CPU implementer'"
                            + " or 'CPU part' line for processor " + e.getValue()[0] + ": there is no CPU to read in it");
                }
                fold(all, e.getValue()[0], e.getValue()[1], line);
            }
            pending.clear();
        }

        void fold(Map<String, String> fields, int first, int count, int line) throws DumpFormatException {
            Map<String, String> midr = new HashMap<>();
            for (String name : MIDR_FIELDS) {
                String v = fields.containsKey(name) ? fields.get(name) : firsts.get(name);
                if (v != null) {
                    midr.put(name, v);
                }
            }
            String key = fields.get(FEATURES) + "|" + new java.util.TreeMap<>(midr);
            Kind k = kinds.get(key);
            if (k == null) {
                if (kinds.size() == CpuDumps.MAX_KINDS) {
                    throw new DumpFormatException(file, line, CpuDumps.kindPastTheLimit());
                }
                k = new Kind(fields.get(FEATURES), midr, first);
                kinds.put(key, k);
            }
            k.count += count;
        }
    }

    /** The fields of a CPU: Features and the MIDR fields. */
    private static final List<String> CPU_FIELDS = List.of(FEATURES, IMPLEMENTER, VARIANT, PART, REVISION);

    /**
     * Reads a text.
     *
     * @param file the file's name, for errors and the sources
     * @param text the text
     * @return the dump: one logical CPU per {@code processor} line, alike ones one kind
     * @throws DumpFormatException naming the line, for a line that is not {@code name : value} or is longer than the
     *                             kit's limit, a MIDR field out of its range (implementer 0 to 0xff, variant 0 to 0xf,
     *                             part 0 to 0xfff, revision 0 to 0xf), a processor past the 64th kind; or a text
     *                             without a processor, a {@code Features} line or the implementer and part
     */
    public static SnapshotDump<AArch64Snapshot> read(String file, String text) throws DumpFormatException {
        Reading r = new Reading(file);
        ProcCpuinfoText.read(file, text, KEEP, r::block);
        if (r.cpus == 0) {
            throw new DumpFormatException(file, 0, "an arm64 /proc/cpuinfo without any 'processor' line; accepted: the"
                    + " kernel's blocks of 'processor', 'Features', 'CPU implementer' ... 'CPU revision' lines");
        }
        if (!r.firsts.containsKey(FEATURES) || !r.firsts.containsKey(IMPLEMENTER) || !r.firsts.containsKey(PART)) {
            throw new DumpFormatException(file, 0, "an arm64 /proc/cpuinfo without a 'Features', 'CPU implementer' or"
                    + " 'CPU part' line: there is no CPU to read in it");
        }
        // what a processor lacks to the end, the text's first value of it stands for
        r.resolve(r.firsts, 0);
        Map<String, AArch64Feature> byName = new HashMap<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            byName.put(f.canonicalName(), f);
        }
        String where = r.machine.isEmpty() ? "" : ", " + String.join(", ", r.machine.values());
        List<Kind> kinds = new ArrayList<>(r.kinds.values());
        kinds.sort(java.util.Comparator.comparingInt(k -> k.first));
        List<CpuKind<AArch64Snapshot>> list = new ArrayList<>();
        for (Kind k : kinds) {
            list.add(new CpuKind<>(snapshot(file, k.first, k.features, k.midr, byName, where), k.count, k.first));
        }
        return new SnapshotDump<>(file, FORMAT, r.cpus, list);
    }

    /** The CPU fields a block has, by name. */
    private static Map<String, String> cpuFields(Map<String, String> fields) {
        Map<String, String> m = new HashMap<>();
        for (String name : CPU_FIELDS) {
            if (fields.containsKey(name)) {
                m.put(name, fields.get(name));
            }
        }
        return m;
    }

    /** Refuses a MIDR field out of its range (MIDR_EL1: implementer 8 bits, variant 4, part 12, revision 4). */
    private static void checkMidr(ProcCpuinfoText.Block block) throws DumpFormatException {
        block.number(IMPLEMENTER, 0xff);
        block.number(VARIANT, 0xf);
        block.number(PART, 0xfff);
        block.number(REVISION, 0xf);
    }

    /** The snapshot of one kind: its HWCAP words from the names, its MIDR_EL1 from the fields. */
    private static AArch64Snapshot snapshot(String file, int first, String features, Map<String, String> m,
            Map<String, AArch64Feature> byName, String where) {
        Map<HwcapWord, Long> words = new EnumMap<>(HwcapWord.class);
        List<String> unknown = new ArrayList<>();
        int moreUnknown = 0;
        for (String name : features.trim().split("[ \t]+")) {
            AArch64Feature f = byName.get(name);
            if (f != null) {
                words.merge(f.word(), 1L << f.bit(), (a, b) -> a | b);
            } else if (!name.isEmpty() && unknown.size() < NAMED) {
                unknown.add(ProcCpuinfoText.abbreviate(name));
            } else if (!name.isEmpty()) {
                moreUnknown++;
            }
        }
        Midr midr = new Midr(value(m.get(IMPLEMENTER)), m.containsKey(VARIANT) ? value(m.get(VARIANT)) : 0, 0xf,
                value(m.get(PART)), m.containsKey(REVISION) ? value(m.get(REVISION)) : 0);
        boolean vectors = words.containsKey(HwcapWord.HWCAP) && (words.get(HwcapWord.HWCAP)
                & AArch64Snapshot.HWCAP_SVE) != 0 || words.containsKey(HwcapWord.HWCAP2) && (words.get(HwcapWord.HWCAP2)
                & AArch64Snapshot.HWCAP2_SME) != 0;
        List<String> unstated = vectors ? List.of("ID registers but MIDR_EL1", "vector lengths")
                : List.of("ID registers but MIDR_EL1");
        String detail = file + " processor " + first + " (Linux /proc/cpuinfo: the kernel's Features and MIDR fields"
                + where + (unknown.isEmpty() ? "" : "; names not in the table: " + String.join(" ", unknown)
                + (moreUnknown > 0 ? " and " + moreUnknown + " more" : "")) + ")";
        // AT_HWCAP3 only where a feature of it is named: older kernels have no such word
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(new SnapshotSource(SourceKind.PROC_CPUINFO, detail, unstated));
        b.hwcap(HwcapWord.HWCAP, words.getOrDefault(HwcapWord.HWCAP, 0L))
                .hwcap(HwcapWord.HWCAP2, words.getOrDefault(HwcapWord.HWCAP2, 0L));
        if (words.containsKey(HwcapWord.HWCAP3)) {
            b.hwcap(HwcapWord.HWCAP3, words.get(HwcapWord.HWCAP3));
        }
        return b.idSource(IdRegisterSource.PROC_CPUINFO).register(IdRegister.MIDR_EL1, midr.value()).build();
    }

    /** A MIDR field's value, already checked by {@link ProcCpuinfoText.Block#number}. */
    private static int value(String v) {
        return v.startsWith("0x") || v.startsWith("0X") ? Integer.parseInt(v.substring(2), 16) : Integer.parseInt(v);
    }
}
