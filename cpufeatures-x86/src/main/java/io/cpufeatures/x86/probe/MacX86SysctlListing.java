package io.cpufeatures.x86.probe;

import io.cpufeatures.x86.CpuIdentity;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.SysctlListing;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What macOS says of an Intel Mac's CPU, read from a {@code sysctl} listing ({@code key: value} lines): the kernel's
 * word, as Linux's {@code /proc/cpuinfo} flags are ({@link KernelFlagSnapshot}). Two families of keys, either or both:
 * <ul>
 *   <li>{@code machdep.cpu.features}, {@code machdep.cpu.leaf7_features} and {@code machdep.cpu.extfeatures}: CPUID's
 *       bits in Apple's spelling (xnu {@code osfmk/i386/cpuid.c}, {@code feature_map}, {@code leaf7_feature_map},
 *       {@code extfeature_map}), with the vendor, family, model, stepping and brand;</li>
 *   <li>{@code hw.optional.*} ({@code avx1_0}, {@code avx2_0}, {@code avx512f}, {@code sse4_2}, {@code bmi1}, ...,
 *       xnu {@code bsd/kern/kern_mib.c}): what the kernel supports, state included. Where a key says 0, the
 *       feature is not usable whatever CPUID says (the kernel's word wins, as for AVX-512 on Darwin kernels before
 *       their AVX-512 support); where it says 1, the feature is there.</li>
 * </ul>
 * Recognised by {@code machdep.cpu.vendor}, {@code machdep.cpu.features} or an x86-only {@code hw.optional} key;
 * a flag key whose value is not 0 or 1 is refused with its line. Reading only.
 */
public final class MacX86SysctlListing {

    /** The format's identifier in reports. */
    public static final String FORMAT = "macos-sysctl";

    /** Apple's names of CPUID bits, by the x86 table's names (xnu cpuid.c's three maps). */
    static final Map<String, String> APPLE_NAMES = Map.ofEntries(
            Map.entry("FPU", "fpu"), Map.entry("VME", "vme"), Map.entry("DE", "de"), Map.entry("PSE", "pse"),
            Map.entry("TSC", "tsc"), Map.entry("MSR", "msr"), Map.entry("PAE", "pae"), Map.entry("MCE", "mce"),
            Map.entry("CX8", "cx8"), Map.entry("APIC", "apic"), Map.entry("SEP", "sep"), Map.entry("MTRR", "mtrr"),
            Map.entry("PGE", "pge"), Map.entry("MCA", "mca"), Map.entry("CMOV", "cmov"), Map.entry("PAT", "pat"),
            Map.entry("PSE36", "pse36"), Map.entry("CLFSH", "clflush"), Map.entry("DS", "dts"), Map.entry("ACPI", "acpi"),
            Map.entry("MMX", "mmx"), Map.entry("FXSR", "fxsr"), Map.entry("SSE", "sse"), Map.entry("SSE2", "sse2"),
            Map.entry("SS", "ss"), Map.entry("HTT", "ht"), Map.entry("TM", "tm"), Map.entry("PBE", "pbe"),
            Map.entry("SSE3", "pni"), Map.entry("PCLMULQDQ", "pclmulqdq"), Map.entry("DTES64", "dtes64"),
            Map.entry("MON", "monitor"), Map.entry("DSCPL", "ds_cpl"), Map.entry("VMX", "vmx"), Map.entry("SMX", "smx"),
            Map.entry("EST", "est"), Map.entry("TM2", "tm2"), Map.entry("SSSE3", "ssse3"), Map.entry("CID", "cid"),
            Map.entry("FMA", "fma"), Map.entry("CX16", "cx16"), Map.entry("TPR", "xtpr"), Map.entry("PDCM", "pdcm"),
            Map.entry("SSE4.1", "sse4_1"), Map.entry("SSE4.2", "sse4_2"), Map.entry("x2APIC", "x2apic"),
            Map.entry("MOVBE", "movbe"), Map.entry("POPCNT", "popcnt"), Map.entry("AES", "aes"), Map.entry("PCID", "pcid"),
            Map.entry("XSAVE", "xsave"), Map.entry("OSXSAVE", "osxsave"), Map.entry("TSCTMR", "tsc_deadline_timer"),
            Map.entry("AVX1.0", "avx"), Map.entry("RDRAND", "rdrand"), Map.entry("F16C", "f16c"), Map.entry("VMM", "hypervisor"),
            Map.entry("RDWRFSGS", "fsgsbase"), Map.entry("TSC_THREAD_OFFSET", "tsc_adjust"), Map.entry("SGX", "sgx"),
            Map.entry("BMI1", "bmi1"), Map.entry("HLE", "hle"), Map.entry("AVX2", "avx2"), Map.entry("SMEP", "smep"),
            Map.entry("BMI2", "bmi2"), Map.entry("ERMS", "erms"), Map.entry("INVPCID", "invpcid"), Map.entry("RTM", "rtm"),
            Map.entry("MPX", "mpx"), Map.entry("AVX512F", "avx512f"), Map.entry("AVX512DQ", "avx512dq"),
            Map.entry("RDSEED", "rdseed"), Map.entry("ADX", "adx"), Map.entry("SMAP", "smap"),
            Map.entry("AVX512IFMA", "avx512ifma"), Map.entry("CLFSOPT", "clflushopt"), Map.entry("CLWB", "clwb"),
            Map.entry("IPT", "intel_pt"), Map.entry("AVX512CD", "avx512cd"), Map.entry("SHA", "sha_ni"),
            Map.entry("AVX512BW", "avx512bw"), Map.entry("AVX512VL", "avx512vl"), Map.entry("PREFETCHWT1", "prefetchwt1"),
            Map.entry("AVX512VBMI", "avx512vbmi"), Map.entry("UMIP", "umip"), Map.entry("PKU", "pku"),
            Map.entry("OSPKE", "ospke"), Map.entry("AVX512VNNI", "avx512_vnni"), Map.entry("MDCLEAR", "md_clear"),
            Map.entry("L1DF", "flush_l1d"), Map.entry("SYSCALL", "syscall"), Map.entry("XD", "nx"),
            Map.entry("1GBPAGE", "pdpe1gb"), Map.entry("EM64T", "lm"), Map.entry("LAHF", "lahf_lm"), Map.entry("LZCNT", "abm"),
            Map.entry("PREFETCHW", "3dnowprefetch"), Map.entry("RDTSCP", "rdtscp"),
            // the rest of xnu's three maps (xnu-11417 osfmk/i386/cpuid.c, the bits in osfmk/i386/cpuid.h)
            Map.entry("PSN", "pn"), Map.entry("WAITPKG", "waitpkg"), Map.entry("GFNI", "gfni"), Map.entry("VAES", "vaes"),
            Map.entry("VPCLMULQDQ", "vpclmulqdq"), Map.entry("AVX512BITALG", "avx512_bitalg"),
            Map.entry("AVX512VPOPCNTDQ", "avx512_vpopcntdq"), Map.entry("RDPID", "rdpid"), Map.entry("CLDEMOTE", "cldemote"),
            Map.entry("MOVDIRI", "movdiri"), Map.entry("MOVDIRI64B", "movdir64b"), Map.entry("SGXLC", "sgx_lc"),
            Map.entry("AVX5124VNNIW", "avx512_4vnniw"), Map.entry("AVX5124FMAPS", "avx512_4fmaps"),
            Map.entry("FSREPMOV", "fsrm"), Map.entry("IBRS", "spec_ctrl"), Map.entry("STIBP", "intel_stibp"),
            Map.entry("ACAPMSR", "arch_capabilities"), Map.entry("CCAPMSR", "core_capabilities"),
            Map.entry("SSBD", "spec_ctrl_ssbd"),
            // CPUID_LEAF7_FEATURE_PQM _Bit(12) "Platform Qos Monitoring" and _PQE _Bit(15) "Platform Qos Enforcement"
            // (osfmk/i386/cpuid.h): CPUID.(7,0):EBX[12] and [15], Linux's X86_FEATURE_CQM and X86_FEATURE_RDT_A
            Map.entry("PQM", "cqm"), Map.entry("PQE", "rdt_a"));

    /** {@code hw.optional.*} keys of Intel Macs, by the x86 table's names. */
    static final Map<String, List<String>> OPTIONAL = Map.ofEntries(
            Map.entry("floatingpoint", List.of("fpu")), Map.entry("mmx", List.of("mmx")), Map.entry("sse", List.of("sse")),
            Map.entry("sse2", List.of("sse2")), Map.entry("sse3", List.of("pni")), Map.entry("supplementalsse3", List.of("ssse3")),
            Map.entry("sse4_1", List.of("sse4_1")), Map.entry("sse4_2", List.of("sse4_2")),
            // Every x86-64 CPU has the psABI's baseline (x86-64-v1), which the older keys do not list one by one.
            Map.entry("x86_64", List.of("lm", "cmov", "cx8", "fpu", "fxsr", "mmx", "sse", "sse2")),
            // The kernel supports AVX only with its state enabled through XSAVE (OSXSAVE set).
            Map.entry("aes", List.of("aes")), Map.entry("avx1_0", List.of("avx", "xsave", "osxsave")),
            Map.entry("rdrand", List.of("rdrand")),
            Map.entry("f16c", List.of("f16c")), Map.entry("enfstrg", List.of("erms")), Map.entry("fma", List.of("fma")),
            Map.entry("avx2_0", List.of("avx2")), Map.entry("bmi1", List.of("bmi1")), Map.entry("bmi2", List.of("bmi2")),
            Map.entry("rtm", List.of("rtm")), Map.entry("hle", List.of("hle")), Map.entry("adx", List.of("adx")),
            Map.entry("mpx", List.of("mpx")), Map.entry("sgx", List.of("sgx")),
            // macOS supports AVX-512 state (enabling it in XCR0 on a thread's first use) where it says avx512f: 1, which
            // takes XSAVE, OSXSAVE and AVX's state: the kernel's word that the state is usable, as avx1_0's is for AVX;
            // and a macOS with the key (10.13 on) runs on x86-64 only, whose baseline it does not list
            Map.entry("avx512f", List.of("avx512f", "avx", "xsave", "osxsave", "lm", "cmov", "cx8", "fpu", "fxsr", "mmx",
                    "sse", "sse2")),
            Map.entry("avx512cd", List.of("avx512cd")), Map.entry("avx512dq", List.of("avx512dq")),
            Map.entry("avx512bw", List.of("avx512bw")), Map.entry("avx512vl", List.of("avx512vl")),
            Map.entry("avx512ifma", List.of("avx512ifma")), Map.entry("avx512vbmi", List.of("avx512vbmi")));

    /** The keys whose CPUID words are read: Apple's spelling of the bits, separated by spaces. */
    private static final List<String> WORD_KEYS = List.of("machdep.cpu.features", "machdep.cpu.leaf7_features",
            "machdep.cpu.extfeatures");

    /**
     * The CPUID leaf each of {@link #WORD_KEYS} gives the bits of, in its order (xnu's sysctl handlers print
     * {@code cpuid_features}, CPUID.1:ECX and EDX; {@code cpuid_leaf7_features} and {@code cpuid_leaf7_extfeatures},
     * CPUID.(7,0):EBX, ECX and EDX; {@code cpuid_extfeatures}, CPUID.0x80000001:ECX and EDX).
     */
    private static final List<Integer> WORD_LEAVES = List.of(0x1, 0x7, 0x8000_0001);

    /** The x86 table's names that xnu's three maps give a word for. */
    private static final Set<String> WORD_FEATURES = Set.copyOf(APPLE_NAMES.values());

    /** The keys a listing is read for: the others are checked as lines, not kept. */
    private static final Set<String> KEYS = keys();

    /** How many of the words the table does not know the source names; the others are counted. */
    static final int NAMED = 8;

    private MacX86SysctlListing() {
    }

    private static Set<String> keys() {
        Set<String> keys = new HashSet<>(WORD_KEYS);
        keys.addAll(List.of("machdep.cpu.vendor", "machdep.cpu.family", "machdep.cpu.model", "machdep.cpu.stepping",
                "machdep.cpu.brand_string", "hw.logicalcpu"));
        for (String k : OPTIONAL.keySet()) {
            keys.add("hw.optional." + k);
        }
        return Set.copyOf(keys);
    }

    /**
     * Whether {@code text} is an Intel Mac's {@code sysctl} listing.
     *
     * @param text a file's text
     * @return whether it names {@code machdep.cpu.vendor}, one of the three {@code machdep.cpu} feature keys or an
     *         x86-only {@code hw.optional} key ({@code avx1_0}, {@code sse4_2}, {@code x86_64}, any {@code avx512*})
     */
    public static boolean recognises(String text) {
        return text.contains("machdep.cpu.vendor: ") || text.contains("machdep.cpu.features: ")
                || text.contains("machdep.cpu.leaf7_features: ") || text.contains("machdep.cpu.extfeatures: ")
                || text.contains("hw.optional.avx1_0: ") || text.contains("hw.optional.sse4_2: ")
                || text.contains("hw.optional.x86_64: ") || text.contains("hw.optional.avx512");
    }

    /**
     * Reads a listing.
     *
     * @param file the file's name, for errors and the source
     * @param text the listing
     * @return the dump: one kind of CPU, {@code hw.logicalcpu} logical CPUs (1 if absent)
     * @throws DumpFormatException naming the line, for a line that is not {@code key: value}, a {@code hw.optional}
     *                             key whose value is not 0 or 1, a family, model or stepping out of CPUID's range
     *                             (0 to 270, 255, 15), a {@code hw.logicalcpu} that is not a positive count; or a
     *                             listing without any feature key
     */
    public static SnapshotDump<CpuidSnapshot> read(String file, String text) throws DumpFormatException {
        SysctlListing listing = SysctlListing.parse(file, text,
                "'machdep.cpu.features: FPU VME ...' or 'hw.optional.avx2_0: 1'", KEYS);
        Map<String, String> values = listing.values();
        Set<String> flags = new TreeSet<>();
        // the features some key of the listing speaks of, 1 or 0: a feature no key of it speaks of is unknown
        Set<String> stated = new HashSet<>();
        Unknown unknown = new Unknown();
        boolean anyKey = false;
        for (String key : WORD_KEYS) {
            String v = values.get(key);
            if (v != null) {
                anyKey = true;
                words(v, flags, unknown);
                stated.addAll(featuresOfWord(key));
            }
        }
        for (Map.Entry<String, List<String>> e : OPTIONAL.entrySet()) {
            Optional<Boolean> on = listing.flag("hw.optional." + e.getKey());
            if (on.isEmpty()) {
                continue;
            }
            anyKey = true;
            if (on.get()) {
                flags.addAll(e.getValue());
                stated.addAll(e.getValue());
            } else {
                flags.remove(e.getValue().get(0));
                stated.add(e.getValue().get(0));
            }
        }
        if (!anyKey) {
            throw new DumpFormatException(file, 0, "a sysctl listing without machdep.cpu features or x86 hw.optional keys:"
                    + " not an Intel Mac's");
        }
        String vendor = values.getOrDefault("machdep.cpu.vendor", "GenuineIntel");
        // CPUID's display values: the family is the base family plus the extended one (0xf + 0xff at most)
        int model = listing.number("machdep.cpu.model", 0xff, 0);
        int stepping = listing.number("machdep.cpu.stepping", 0xf, 0);
        boolean familyKnown = values.containsKey("machdep.cpu.family");
        int family = listing.number("machdep.cpu.family", 0xf + 0xff, 0);
        String signature = "";
        List<String> notStated = new ArrayList<>(KernelFlagSnapshot.UNSTATED);
        if (!familyKnown) {
            // the display model's high digit is the extended model, which CPUID holds only for families 6 and 15: without
            // the family the signature cannot be made; the model and stepping the text states are kept (xnu prints
            // cpuid_model with the extended model added, osfmk/i386/cpuid.c), and only what it does not state is unknown
            signature = "; family unknown (no machdep.cpu.family), so the signature is unknown";
            notStated.add(CpuIdentity.UNSTATED_FAMILY);
            if (!values.containsKey("machdep.cpu.model")) {
                notStated.add(CpuIdentity.UNSTATED_MODEL);
            }
            if (!values.containsKey("machdep.cpu.stepping")) {
                notStated.add(CpuIdentity.UNSTATED_STEPPING);
            }
            notStated.add(CpuIdentity.UNSTATED_SIGNATURE);
        }
        Set<String> unstated = new HashSet<>();
        for (String key : WORD_KEYS) {
            if (!values.containsKey(key)) {
                boolean any = false;
                for (String f : featuresOfWord(key)) {
                    if (!stated.contains(f) && !flags.contains(f)) {
                        unstated.add(f);
                        any = true;
                    }
                }
                if (any) {
                    notStated.add(key);
                }
            }
        }
        CpuidSnapshot snapshot = KernelFlagSnapshot.of(vendor, family, model, stepping,
                values.getOrDefault("machdep.cpu.brand_string", ""), flags, unstated,
                new SnapshotSource(SourceKind.FILE, file + " (macOS sysctl" + (values.containsKey("machdep.cpu.vendor") ? ""
                        : "; vendor assumed") + signature + unknown.text() + ")", notStated));
        int logical = listing.count("hw.logicalcpu", 1);
        return new SnapshotDump<>(file, FORMAT, logical, List.of(new CpuKind<>(snapshot, logical, 0)));
    }

    /**
     * The x86 table's names of the features whose bits {@code key}, one of {@link #WORD_KEYS}, gives: those of xnu's
     * maps in its CPUID leaf.
     */
    private static List<String> featuresOfWord(String key) {
        int leaf = WORD_LEAVES.get(WORD_KEYS.indexOf(key));
        List<String> names = new ArrayList<>();
        for (X86Feature f : X86Feature.values()) {
            if (f.bit().leaf() == leaf && f.bit().subleaf() == 0 && WORD_FEATURES.contains(f.canonicalName())) {
                names.add(f.canonicalName());
            }
        }
        return names;
    }

    /**
     * The keys of a listing that state {@code feature}, 1 or 0: the {@code machdep.cpu} word xnu's maps give its bit
     * in, and the {@code hw.optional} keys that name it; for the reason of a feature a listing leaves unknown.
     *
     * @param feature a feature of the x86 table; not null
     * @return the keys, e.g. {@code [machdep.cpu.features, hw.optional.avx1_0, hw.optional.avx512f]}; empty for a
     *         feature no macOS key speaks of
     */
    public static List<String> keysOf(X86Feature feature) {
        List<String> keys = new ArrayList<>();
        String name = feature.canonicalName();
        for (String key : WORD_KEYS) {
            if (featuresOfWord(key).contains(name)) {
                keys.add(key);
            }
        }
        for (Map.Entry<String, List<String>> e : new TreeMap<>(OPTIONAL).entrySet()) {
            if (e.getValue().contains(name)) {
                keys.add("hw.optional." + e.getKey());
            }
        }
        return keys;
    }

    /**
     * The words the table does not know, as Coreinfo's reader keeps its names: the first {@link #NAMED}, and how many
     * others follow, so that a listing of a million unknown words keeps a short source.
     */
    private static final class Unknown {
        final List<String> named = new ArrayList<>(NAMED);
        int more;

        void add(String word) {
            if (named.contains(word)) {
                return;
            }
            if (named.size() < NAMED) {
                named.add(word);
            } else {
                more++;
            }
        }

        String text() {
            return (named.isEmpty() ? "" : "; words not read: " + String.join(", ", named))
                    + (more == 0 ? "" : " and " + more + " more words not in the table");
        }
    }

    /**
     * Adds to {@code flags} the x86 table's names of Apple's words in {@code v}, word by word (no array of them), and to
     * {@code unknown} the words it has no name for.
     */
    private static void words(String v, Set<String> flags, Unknown unknown) {
        int i = 0;
        while (i < v.length()) {
            while (i < v.length() && Character.isWhitespace(v.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < v.length() && !Character.isWhitespace(v.charAt(i))) {
                i++;
            }
            if (i > start) {
                // a word longer than a line of names is cut to its start for the source
                String word = v.substring(start, Math.min(i, start + 40));
                String ours = APPLE_NAMES.get(word);
                if (ours != null) {
                    flags.add(ours);
                } else {
                    unknown.add(word);
                }
            }
        }
    }
}
