package io.cpufeatures.aarch64.probe;

import io.cpufeatures.aarch64.Midr;
import io.cpufeatures.core.CpuCache;
import io.cpufeatures.os.CpuList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The logical CPUs Linux lists in sysfs ({@code /sys/devices/system/cpu}), grouped into core kinds: on
 * a big.LITTLE or DynamIQ part the cores differ in MIDR_EL1 (the kernel publishes each CPU's in
 * {@code cpuN/regs/identification/midr_el1}), while the HWCAPs and the ID registers EL0 reads are the
 * system-wide values the kernel sanitises, so the kinds differ in identity, capacity and caches.
 * Only the online CPUs the process may run on count ({@code online}, the process's
 * {@code Cpus_allowed_list}); a CPU without a {@code regs} directory (older kernels) gets its MIDR from
 * its {@code /proc/cpuinfo} block. Caches come from {@code cpuN/cache/index*}, as {@code lscpu} reads
 * them (EL0 has no cache registers Linux lets it read: CTR_EL0 gives line sizes only, and is not read).
 */
final class SysfsCpus {

    /**
     * One kind of core: the CPUs with one MIDR_EL1.
     *
     * @param midr     the MIDR_EL1 they share
     * @param cpus     their numbers, ascending
     * @param capacity the kernel's {@code cpu_capacity} (1024 for the biggest), when it has one
     * @param caches   the caches of the first of them
     */
    record Kind(Midr midr, List<Integer> cpus, OptionalInt capacity, List<CpuCache> caches) {
    }

    private SysfsCpus() {
    }

    /**
     * The core kinds of the CPUs under {@code root} that are online and in {@code allowed}, in order of their
     * first CPU; CPUs whose MIDR cannot be read (no {@code regs} and no block in {@code procCpuinfo}) are left out.
     *
     * @param root        the sysfs CPU directory, {@code /sys/devices/system/cpu} on a live machine
     * @param allowed     the CPUs the process may run on; empty: all
     * @param procCpuinfo {@code /proc/cpuinfo}, read only if a CPU has no {@code regs} directory
     */
    static List<Kind> kinds(Path root, Optional<BitSet> allowed, Path procCpuinfo) throws IOException {
        BitSet online = Files.isReadable(root.resolve("online")) ? CpuList.parse(read(root.resolve("online"))) : listed(root);
        if (allowed.isPresent()) {
            online.and(allowed.get());
        }
        Map<Integer, Midr> fromProc = null;
        Map<Midr, List<Integer>> byMidr = new LinkedHashMap<>();
        for (int n = online.nextSetBit(0); n >= 0; n = online.nextSetBit(n + 1)) {
            Path ident = root.resolve("cpu" + n).resolve("regs").resolve("identification").resolve("midr_el1");
            Midr midr;
            if (Files.isReadable(ident)) {
                midr = Midr.of(hex(read(ident)));
            } else {
                fromProc = fromProc != null ? fromProc : fromProcCpuinfo(io.cpufeatures.os.ProcCpuinfo.blocks(procCpuinfo.toString(),
                        Files.isReadable(procCpuinfo) ? io.cpufeatures.os.ProcCpuinfo.read(procCpuinfo, true) : ""));
                midr = fromProc.get(n);
            }
            if (midr != null) {
                List<Integer> cpus = byMidr.get(midr);
                if (cpus == null) {
                    cpus = new ArrayList<>();
                    byMidr.put(midr, cpus);
                }
                cpus.add(n);
            }
        }
        List<Kind> kinds = new ArrayList<>();
        for (Map.Entry<Midr, List<Integer>> e : byMidr.entrySet()) {
            List<Integer> cpus = List.copyOf(e.getValue());
            OptionalInt capacity = OptionalInt.empty();
            for (int cpu : cpus) {
                Path c = root.resolve("cpu" + cpu).resolve("cpu_capacity");
                if (Files.isReadable(c)) {
                    int v = Integer.parseInt(read(c));
                    capacity = OptionalInt.of(Math.max(v, capacity.orElse(0)));
                }
            }
            kinds.add(new Kind(e.getKey(), cpus, capacity, caches(root.resolve("cpu" + cpus.get(0)).resolve("cache"))));
        }
        return List.copyOf(kinds);
    }

    /** The cpuN directories under {@code root}, when it has no {@code online} file. */
    private static BitSet listed(Path root) throws IOException {
        BitSet b = new BitSet();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(root)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if (n.startsWith("cpu") && digits(n, 3)) {
                    b.set(Integer.parseInt(n.substring(3)));
                }
            }
        }
        return b;
    }

    /** MIDR_EL1 of each {@code processor} block of a {@code /proc/cpuinfo} text that has the CPU fields. */
    private static Map<Integer, Midr> fromProcCpuinfo(List<Map<String, String>> blocks) {
        Map<Integer, Midr> m = new LinkedHashMap<>();
        for (Map<String, String> block : blocks) {
            if (block.containsKey("processor") && block.containsKey("CPU implementer") && block.containsKey("CPU part")) {
                m.put(io.cpufeatures.os.ProcCpuinfo.number(block, "processor"), new Midr(
                        io.cpufeatures.os.ProcCpuinfo.number(block, "CPU implementer"),
                        block.containsKey("CPU variant") ? io.cpufeatures.os.ProcCpuinfo.number(block, "CPU variant") : 0, 0xf,
                        io.cpufeatures.os.ProcCpuinfo.number(block, "CPU part"),
                        block.containsKey("CPU revision") ? io.cpufeatures.os.ProcCpuinfo.number(block, "CPU revision") : 0));
            }
        }
        return m;
    }

    /** The caches of one CPU's {@code cache} directory, as sysfs describes them; empty when it has none. */
    static List<CpuCache> caches(Path cacheDir) throws IOException {
        List<CpuCache> caches = new ArrayList<>();
        if (!Files.isDirectory(cacheDir)) {
            return caches;
        }
        List<Path> indexes = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(cacheDir)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if (n.startsWith("index") && digits(n, 5)) {
                    indexes.add(p);
                }
            }
        }
        indexes.sort(null);
        for (Path d : indexes) {
            String type = optional(d.resolve("type")).orElse("");
            CpuCache.Type t = switch (type) {
                case "Data" -> CpuCache.Type.DATA;
                case "Instruction" -> CpuCache.Type.INSTRUCTION;
                case "Unified" -> CpuCache.Type.UNIFIED;
                default -> null;
            };
            Optional<String> level = optional(d.resolve("level"));
            Optional<String> size = optional(d.resolve("size"));
            if (t == null || level.isEmpty() || size.isEmpty()) {
                continue;
            }
            Optional<String> shared = optional(d.resolve("shared_cpu_list"));
            OptionalInt sharing = shared.isPresent() ? OptionalInt.of(CpuList.parse(shared.get()).cardinality())
                    : OptionalInt.empty();
            caches.add(new CpuCache(Integer.parseInt(level.get()), t, bytes(size.get()), positive(d.resolve("ways_of_associativity")),
                    false, positive(d.resolve("coherency_line_size")), positive(d.resolve("number_of_sets")), Optional.empty(),
                    sharing.isPresent() && sharing.getAsInt() > 0 ? sharing : OptionalInt.empty(), false, "sysfs " + d));
        }
        return caches;
    }

    /** {@code 32K}, {@code 1024K}, {@code 8M}: bytes. */
    private static long bytes(String size) {
        long unit = size.endsWith("K") ? 1024 : size.endsWith("M") ? 1 << 20 : size.endsWith("G") ? 1L << 30 : 1;
        return Long.parseLong(unit == 1 ? size : size.substring(0, size.length() - 1)) * unit;
    }

    private static OptionalInt positive(Path p) throws IOException {
        Optional<String> v = optional(p);
        if (v.isEmpty() || v.get().length() > 9 || !digits(v.get(), 0)) {
            return OptionalInt.empty();
        }
        int n = Integer.parseInt(v.get());
        return n > 0 ? OptionalInt.of(n) : OptionalInt.empty();
    }

    /** Whether {@code s} is one or more decimal digits from {@code from} on (no regex: this runs on a first use). */
    private static boolean digits(String s, int from) {
        if (from >= s.length() || s.length() - from > 9) {
            return false;
        }
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static Optional<String> optional(Path p) throws IOException {
        return Files.isReadable(p) ? Optional.of(read(p)) : Optional.empty();
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.US_ASCII).trim();
    }

    private static long hex(String t) throws IOException {
        if (!t.startsWith("0x")) {
            throw new IOException("'" + t + "' is not 0x and hex digits");
        }
        return Long.parseUnsignedLong(t.substring(2), 16);
    }
}
