package io.cpufeatures.x86.rules;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuCache.Type;
import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.X86Vendor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The caches a CPUID snapshot describes, by the rules of its vendor:
 * <ul>
 *   <li>AMD and Hygon: CPUID 0x8000001D (cache properties) where the topology extensions are
 *       (0x80000001 ECX bit 22; Hygon always has them), else the legacy leaves 0x80000005 (L1) and
 *       0x80000006 (L2, L3). An associativity code of 9 in 0x80000006 means "see 0x8000001D": with
 *       the extensions hidden (a hypervisor may hide them) that level is not reported. A dump whose
 *       0x8000001D listing ends without its null subleaf (libcpuid's raw format kept only subleaf 0, the
 *       L1d, before it had its {@code amd_fn8000001dh} array) gets each level the listing lacks from the
 *       legacy leaves, its source naming the leaf; a code-9 level then has its legacy size and unknown
 *       ways, and an L3's legacy size may be the whole package's (several L3s on Zen 2 and later).</li>
 *   <li>Intel and the others: leaf 4 (deterministic cache parameters) where it enumerates a cache,
 *       else leaf 2's descriptors ({@link Leaf2Descriptors}), as Linux {@code init_intel_cacheinfo()};
 *       a dump that ends leaf 4 without its null subleaf (AIDA64 records one subleaf on NetBurst parts)
 *       gets the levels it lacks from leaf 2. NetBurst (family 0Fh) has a trace cache in place of an L1
 *       instruction cache, which leaf 4 does not enumerate: it is read from leaf 2 (descriptors 70h-73h,
 *       12K to 64K micro-operations) with leaf 4 or without, as Linux's {@code init_intel_cacheinfo()} did
 *       ("For P4, we use cpuid2 for trace cache", {@code only_trace}, until its 2025 rework), and reported
 *       as the L1i, of type {@link Type#TRACE}, its size in micro-operations.</li>
 * </ul>
 * A K7 stepping whose L2 size field is wrong (AMD erratum T13) gets the size Linux gives it
 * ({@code arch/x86/kernel/cpu/amd.c}, {@code amd_size_cache()}): Duron rev A0, Thunderbird rev A1/A2.
 * Sources: Intel SDM Vol. 2A, CPUID leaves 02H and 04H (Table 3-8, Table 3-12); AMD64 APM Vol. 3,
 * Appendix E, Fn8000_0005, Fn8000_0006 (Table E-4, the associativity codes) and Fn8000_001D; Linux
 * {@code arch/x86/kernel/cpu/cacheinfo.c} (associativity codes 3 and 5 as 3 and 6 ways, and 9 as
 * "no legacy value", from tip commits d02c83d75f9f and d274cde0dbe0, 2025).
 */
public final class X86Caches {

    private static final int TOPOLOGY_EXTENSIONS = 22;
    /** Pentium 4 and its Xeons, whose L1 instruction cache is a trace cache. */
    private static final int NETBURST_FAMILY = 0x0F;
    /** Subleaves read of leaf 4 and 0x8000001D: more than any part has levels and types. */
    private static final int MAX_SUBLEAVES = 16;
    /** Ways for each 0x80000006 associativity code (AMD APM Vol. 3 Table E-4, with Linux's 3 and 5); 0: none or not here. */
    private static final int[] AMD_WAYS = {0, 1, 2, 3, 4, 6, 8, 0, 16, 0, 32, 48, 64, 96, 128, 0};
    private static final int AMD_FULLY_ASSOCIATIVE = 0xF;
    /** The 0x80000006 associativity code "the values are in 0x8000001D" (AMD APM Vol. 3 Table E-4). */
    private static final int AMD_SEE_0X8000001D = 9;
    /** AMD K7 (Athlon, Duron), the family of {@link #K7_L2_ERRATA}. */
    private static final int K7_FAMILY = 6;

    /**
     * A K7 stepping whose 0x80000006 ECX L2 size field is wrong, and its L2's size.
     *
     * @param model    the model
     * @param stepping the stepping
     * @param kib      the L2's size in KiB
     * @param part     the part and revision, for the cache's source
     */
    private record K7L2Erratum(int model, int stepping, int kib, String part) {
    }

    /**
     * AMD erratum T13 (AMD document order #21922, as Linux cites it): these steppings report a wrong L2 size in
     * 0x80000006 ECX[31:16]. The sizes are Linux's, {@code arch/x86/kernel/cpu/amd.c}, {@code amd_size_cache()} (32-bit
     * kernels): "Duron Rev A0" family 6 model 3 stepping 0, 64 KiB; "Tbird rev A1/A2" model 4 steppings 0 and 1,
     * 256 KiB. No other stepping is corrected; libcpuid ({@code decode_amd_cache_info()}, at 2d1e0190b189) corrects
     * none, so on these steppings it gives the reported size.
     */
    private static final List<K7L2Erratum> K7_L2_ERRATA = List.of(
            new K7L2Erratum(3, 0, 64, "Duron rev A0"),
            new K7L2Erratum(4, 0, 256, "Thunderbird rev A1/A2"),
            new K7L2Erratum(4, 1, 256, "Thunderbird rev A1/A2"));

    private X86Caches() {
    }

    /**
     * The caches {@code s} describes, L1d and L1i first, then by level.
     *
     * @param s a CPUID snapshot; not null
     * @return the caches; empty when the snapshot describes none
     */
    public static List<CpuCache> of(CpuidSnapshot s) {
        CpuIdentity id = CpuIdentity.of(s);
        X86Vendor vendor = id.vendor();
        List<CpuCache> found;
        if (vendor == X86Vendor.AMD || vendor == X86Vendor.HYGON) {
            boolean extensions = vendor == X86Vendor.HYGON
                    || extended(s, 0x8000_0001) && s.read(0x8000_0001).bit(io.cpufeatures.x86.Register.ECX, TOPOLOGY_EXTENSIONS);
            found = extensions && extended(s, 0x8000_001D) ? deterministic(s, 0x8000_001D, false) : List.of();
            if (found.isEmpty()) {
                found = amdLegacy(s, id, false);
            } else if (!endsWithNullSubleaf(s, 0x8000_001D)) {
                // a dump that recorded only the first subleaves (libcpuid's raw format before its amd_fn8000001dh array
                // keeps subleaf 0, the L1d): the legacy leaves give the levels the listing does not
                found = withMissingLevels(found, amdLegacy(s, id, true));
            }
        } else {
            found = s.definesBasicLeaf(4) ? deterministic(s, 4, true) : List.of();
            if (s.definesBasicLeaf(2) && (found.isEmpty() || !endsWithNullSubleaf(s, 4))) {
                // no leaf 4, or a dump that recorded only its first subleaves (AIDA64 on NetBurst parts keeps
                // one): leaf 2's descriptors give the levels leaf 4 does not
                found = withMissingLevels(found, leaf2(s, id.family(), id.model()));
            } else if (s.definesBasicLeaf(2) && id.family() == NETBURST_FAMILY) {
                // leaf 4 enumerates no trace cache: NetBurst's L1i is leaf 2's (Linux's only_trace)
                found = withMissingLevels(found, leaf2(s, id.family(), id.model()).stream()
                        .filter(c -> c.type() == Type.TRACE).toList());
            }
        }
        List<CpuCache> sorted = new ArrayList<>(found);
        sorted.sort((a, b) -> a.level() != b.level() ? Integer.compare(a.level(), b.level())
                : Integer.compare(a.type().ordinal(), b.type().ordinal()));
        return List.copyOf(sorted);
    }

    /** {@code listed}, then each of {@code fallback} whose level and type (a trace cache: an L1i's) none of them has. */
    private static List<CpuCache> withMissingLevels(List<CpuCache> listed, List<CpuCache> fallback) {
        List<CpuCache> merged = new ArrayList<>(listed);
        for (CpuCache c : fallback) {
            if (merged.stream().noneMatch(m -> m.level() == c.level() && (m.type() == c.type()
                    || c.type() == Type.TRACE && m.type() == Type.INSTRUCTION))) {
                merged.add(c);
            }
        }
        return merged;
    }

    private static boolean extended(CpuidSnapshot s, int leaf) {
        return Integer.compareUnsigned(leaf, s.maxExtendedLeaf()) <= 0;
    }

    /**
     * Leaf 4 or 0x8000001D: one subleaf per cache until a null type (or the last subleaf a dump has); Intel's
     * sharing field is an upper bound.
     */
    private static List<CpuCache> deterministic(CpuidSnapshot s, int leaf, boolean intel) {
        Map<String, CpuCache> byName = new LinkedHashMap<>();
        String source = intel ? "CPUID leaf 4" : "CPUID 0x8000001D";
        for (int n = 0; n < MAX_SUBLEAVES; n++) {
            Optional<CpuidRegisters> found = s.find(leaf, n);
            if (found.isEmpty()) {
                break;
            }
            CpuidRegisters r = found.get();
            int typeCode = r.eax() & 0x1F;
            int level = r.eax() >>> 5 & 0x7;
            if (typeCode == 0) {
                break;
            }
            Type type = switch (typeCode) {
                case 1 -> Type.DATA;
                case 2 -> Type.INSTRUCTION;
                case 3 -> Type.UNIFIED;
                default -> null;
            };
            if (type == null || level == 0) {
                continue;
            }
            int ways = (r.ebx() >>> 22) + 1;
            int partitions = (r.ebx() >>> 12 & 0x3FF) + 1;
            int line = (r.ebx() & 0xFFF) + 1;
            long sets = Integer.toUnsignedLong(r.ecx()) + 1;
            long size = ways * (long) partitions * line * sets;
            int sharing = (r.eax() >>> 14 & 0xFFF) + 1;
            boolean fully = (r.eax() & 1 << 9) != 0;
            CpuCache c = new CpuCache(level, type, size, OptionalInt.of(ways), fully, OptionalInt.of(line),
                    sets <= Integer.MAX_VALUE ? OptionalInt.of((int) sets) : OptionalInt.empty(),
                    Optional.of((r.edx() & 2) != 0), OptionalInt.of(sharing), intel, source + " subleaf " + n);
            byName.putIfAbsent(c.name(), c);
        }
        return List.copyOf(byName.values());
    }

    /** Whether the snapshot has the subleaf of a null type that ends {@code leaf}'s caches. */
    private static boolean endsWithNullSubleaf(CpuidSnapshot s, int leaf) {
        for (int n = 0; n < MAX_SUBLEAVES; n++) {
            Optional<CpuidRegisters> r = s.find(leaf, n);
            if (r.isEmpty()) {
                return false;
            }
            if ((r.get().eax() & 0x1F) == 0) {
                return true;
            }
        }
        return true;
    }

    /**
     * AMD's legacy leaves: L1d in 0x80000005 ECX, L1i in EDX (ways as a count); L2 and L3 in 0x80000006 (a code).
     *
     * @param forTruncatedListing whether they stand in for levels a dump's 0x8000001D listing lacks: their sources say
     *                            so, and a level of associativity code 9 ("see 0x8000001D") is reported with its size and
     *                            unknown ways, since the leaf it points to is not in the dump
     */
    private static List<CpuCache> amdLegacy(CpuidSnapshot s, CpuIdentity id, boolean forTruncatedListing) {
        String note = forTruncatedListing ? " (0x8000001D recorded without this level)" : "";
        List<CpuCache> caches = new ArrayList<>();
        if (extended(s, 0x8000_0005)) {
            CpuidRegisters l1 = s.read(0x8000_0005);
            l1(Type.DATA, l1.ecx(), note).ifPresent(caches::add);
            l1(Type.INSTRUCTION, l1.edx(), note).ifPresent(caches::add);
        }
        if (extended(s, 0x8000_0006)) {
            CpuidRegisters r = s.read(0x8000_0006);
            Optional<K7L2Erratum> erratum = id.family() != K7_FAMILY ? Optional.empty() : K7_L2_ERRATA.stream()
                    .filter(e -> e.model() == id.model() && e.stepping() == id.stepping()).findFirst();
            long l2 = erratum.map(e -> e.kib() * 1024L).orElse((long) (r.ecx() >>> 16) * 1024);
            String l2Note = note + erratum.map(e -> ", size " + e.kib() + " KiB by AMD erratum T13 (" + e.part()
                    + "; Linux amd_size_cache())").orElse("");
            coded(2, l2, r.ecx() >>> 12 & 0xF, r.ecx() & 0xFF, forTruncatedListing, l2Note).ifPresent(caches::add);
            coded(3, (long) (r.edx() >>> 18) * 512 * 1024, r.edx() >>> 12 & 0xF, r.edx() & 0xFF, forTruncatedListing, note)
                    .ifPresent(caches::add);
        }
        return caches;
    }

    private static Optional<CpuCache> l1(Type type, int register, String note) {
        int kib = register >>> 24;
        int ways = register >>> 16 & 0xFF;
        int line = register & 0xFF;
        if (kib == 0) {
            return Optional.empty();
        }
        boolean fully = ways == 0xFF;
        return Optional.of(new CpuCache(1, type, kib * 1024L, fully || ways == 0 ? OptionalInt.empty() : OptionalInt.of(ways),
                fully, line == 0 ? OptionalInt.empty() : OptionalInt.of(line), OptionalInt.empty(), Optional.empty(),
                OptionalInt.empty(), false, "CPUID 0x80000005" + note));
    }

    /**
     * An L2 or L3 of 0x80000006; none for code 0 (disabled), a reserved code or a size of 0, nor for code 9 (in
     * 0x8000001D only) unless {@code sizeOfCode9}, when it has its size and unknown ways.
     */
    private static Optional<CpuCache> coded(int level, long size, int code, int line, boolean sizeOfCode9, String note) {
        boolean fully = code == AMD_FULLY_ASSOCIATIVE;
        boolean seeTopologyLeaf = code == AMD_SEE_0X8000001D;
        if (size == 0 || code == 0 || seeTopologyLeaf && !sizeOfCode9 || (!fully && !seeTopologyLeaf && AMD_WAYS[code] == 0)) {
            return Optional.empty();
        }
        return Optional.of(new CpuCache(level, Type.UNIFIED, size,
                fully || seeTopologyLeaf ? OptionalInt.empty() : OptionalInt.of(AMD_WAYS[code]), fully,
                line == 0 ? OptionalInt.empty() : OptionalInt.of(line), OptionalInt.empty(), Optional.empty(),
                OptionalInt.empty(), false, "CPUID 0x80000006" + note
                        + (seeTopologyLeaf ? ", ways unknown (associativity code 9: given in 0x8000001D only)" : "")));
    }

    /** Leaf 2: each valid register's bytes (AL, the iteration count, excepted); the first descriptor of a level wins. */
    private static List<CpuCache> leaf2(CpuidSnapshot s, int family, int model) {
        CpuidRegisters r = s.read(2);
        Map<String, CpuCache> byName = new LinkedHashMap<>();
        int[] registers = {r.eax(), r.ebx(), r.ecx(), r.edx()};
        for (int i = 0; i < 4; i++) {
            if (registers[i] < 0) {
                continue; // bit 31: this register holds no descriptors
            }
            for (int b = i == 0 ? 1 : 0; b < 4; b++) {
                int descriptor = registers[i] >>> (8 * b) & 0xFF;
                Leaf2Descriptors.of(descriptor, family, model).ifPresent(d -> {
                    CpuCache c = new CpuCache(d.level(), d.type(), d.kib() * 1024L, OptionalInt.of(d.ways()), false,
                            d.line() == 0 ? OptionalInt.empty() : OptionalInt.of(d.line()), OptionalInt.empty(),
                            Optional.empty(), OptionalInt.empty(), false,
                            "CPUID leaf 2 descriptor 0x" + String.format("%02x", descriptor));
                    byName.putIfAbsent(c.name(), c);
                });
            }
        }
        return List.copyOf(byName.values());
    }
}
