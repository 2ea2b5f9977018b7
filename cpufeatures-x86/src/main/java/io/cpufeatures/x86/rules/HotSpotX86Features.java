package io.cpufeatures.x86.rules;

import static io.cpufeatures.x86.Register.EAX;
import static io.cpufeatures.x86.Register.EBX;
import static io.cpufeatures.x86.Register.ECX;
import static io.cpufeatures.x86.Register.EDX;

import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.kit.HotSpotStart;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Register;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.table.X86Feature;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The feature names HotSpot's x86 start-up lists in its {@code -Xlog:os+cpu} "CPU:" line, from the CPU and the options,
 * as HotSpot decides them. Read in:
 * <ul>
 *   <li>JDK 17: jdk17u-dev at 08112fa, src/hotspot/cpu/x86/vm_version_x86.hpp ({@code CPU_FEATURE_FLAGS}, the table
 *       of names in the order HotSpot prints them; {@code VM_Version::feature_flags}; {@code threads_per_core},
 *       {@code cores_per_cpu}, {@code is_knights_family}), and at f30bf61, vm_version_x86.cpp
 *       ({@code VM_Version::get_processor_features}, the clearing by {@code UseSSE} and {@code UseAVX} before
 *       {@code insert_features_names}; {@code generate_get_cpu_info}, which leaves HotSpot reads).</li>
 *   <li>JDK 25: jdk25u at fd989e0, vm_version_x86.cpp ({@code VM_Version::CpuidInfo::feature_flags},
 *       {@code get_processor_features}, {@code generate_get_cpu_info}, {@code threads_per_core},
 *       {@code insert_features_names}). jdk25u's vm_version_x86.hpp was not available here; the names and their
 *       order are those of canonical/openjdk-25-crac at 0edadbe (a JDK 25 build of CRaC), up to {@code avx10_2}: the
 *       names that fork adds after it ({@code fma4} to {@code htt}) are CRaC's and not upstream's. The live JDK 25's
 *       line is compared with this table by the tests.</li>
 * </ul>
 * In both, the line is made once, right after the options have cleared features: {@code UseSSE} (raised to 2, as
 * given or its initial value) below 4 clears sse4.1 and sse4.2, below 3 sse3, ssse3 and sse4a; {@code UseAVX} (as
 * {@link HotSpotX86Flags} decides it) clears the release's lists below 3, 2 and 1; {@code ht} goes when a core has one
 * thread; a Xeon Phi loses the names of its list. JDK 25 also drops {@code apx_f} unless {@code -XX:+UseAPX}.
 *
 * <p>What the model does not decide, it names with the reason: a name whose CPUID words the snapshot lacks or does not
 * state (the native probe does not read the topology leaves {@code ht} needs; the kernel's word states no CPUID word
 * but the bits of the library's own feature table), and {@code apx_f} with {@code -XX:+UseAPX}, which needs HotSpot's
 * signal round trip of the extended registers. {@code tscinv} is never listed: its rule in {@code feature_flags} asks
 * {@code supports_tscinv_bit()}, which reads HotSpot's feature set before {@code feature_flags} has filled it.
 */
final class HotSpotX86Features {

    /** Under what {@code feature_flags} sets a name: nothing more, AVX's state, AVX2 as well, AVX-512's state. */
    enum Gate { NONE, AVX, AVX2, EVEX }

    /** Which vendors' CPUs a name is taken from ({@code is_amd_family}, {@code is_intel}, {@code is_zx}). */
    enum Vendors { ANY, AMD_FAMILY, INTEL, INTEL_AMD_ZX, NOT_ZX }

    /**
     * One CPUID bit that sets a name; a name with several rows is set by any of them.
     *
     * @param name     HotSpot's name
     * @param leaf     the leaf
     * @param subleaf  the subleaf
     * @param register the register
     * @param bit      the bit
     * @param gate     what else it needs
     * @param vendors  whose CPUs it is read on
     */
    record Bit(String name, int leaf, int subleaf, Register register, int bit, Gate gate, Vendors vendors) {
    }

    /**
     * A release's table.
     *
     * @param jdk       the feature release
     * @param names     {@code CPU_FEATURE_FLAGS}' names, in its order
     * @param bits      the names set from one CPUID bit each ({@code ht}, {@code tscinv}, {@code avx10_*} and
     *                  {@code apx_f} have rules of their own)
     * @param belowAvx3 the names {@code UseAVX < 3} clears
     * @param belowAvx2 the names {@code UseAVX < 2} clears
     * @param belowAvx1 the names {@code UseAVX < 1} clears
     * @param knights   the names a Xeon Phi loses
     * @param source    the sources read
     */
    record Release(int jdk, List<String> names, List<Bit> bits, Set<String> belowAvx3, Set<String> belowAvx2,
            Set<String> belowAvx1, Set<String> knights, String source) {
    }

    /** The options that change the list; any other option leaves it as it is. */
    static final List<String> READ = List.of("UseSSE", "UseAVX", "UseAPX", "UseKNLSetting");

    private static final List<String> NAMES_17 = List.of("cx8", "cmov", "fxsr", "ht", "mmx", "3dnowpref", "sse",
            "sse2", "sse3", "ssse3", "sse4a", "sse4.1", "sse4.2", "popcnt", "lzcnt", "tsc", "tscinvbit", "tscinv", "avx",
            "avx2", "aes", "erms", "clmul", "bmi1", "bmi2", "rtm", "adx", "avx512f", "avx512dq", "avx512pf", "avx512er",
            "avx512cd", "avx512bw", "avx512vl", "sha", "fma", "vzeroupper", "avx512_vpopcntdq", "avx512_vpclmulqdq",
            "avx512_vaes", "avx512_vnni", "clflush", "clflushopt", "clwb", "avx512_vbmi2", "avx512_vbmi", "hv");

    private static final List<String> NAMES_25 = Stream.concat(NAMES_17.stream(), Stream.of("serialize", "rdtscp",
            "rdpid", "fsrm", "gfni", "avx512_bitalg", "f16c", "pku", "ospke", "cet_ibt", "cet_ss", "avx512_ifma",
            "avx_ifma", "apx_f", "sha512", "avx512_fp16", "avx10_1", "avx10_2")).toList();

    private static final int EXT1 = 0x8000_0001;

    /** The rows both releases share. */
    private static final List<Bit> COMMON = List.of(
            bit("cx8", 1, EDX, 8), bit("cmov", 1, EDX, 15),
            bit("fxsr", 1, EDX, 24), new Bit("fxsr", EXT1, 0, EDX, 24, Gate.NONE, Vendors.AMD_FAMILY),
            bit("mmx", 1, EDX, 23), new Bit("mmx", EXT1, 0, EDX, 23, Gate.NONE, Vendors.AMD_FAMILY),
            new Bit("3dnowpref", EXT1, 0, EDX, 31, Gate.NONE, Vendors.AMD_FAMILY),
            bit("sse", 1, EDX, 25), bit("sse2", 1, EDX, 26), bit("sse3", 1, ECX, 0), bit("ssse3", 1, ECX, 9),
            new Bit("sse4a", EXT1, 0, ECX, 6, Gate.NONE, Vendors.AMD_FAMILY),
            bit("sse4.1", 1, ECX, 19), bit("sse4.2", 1, ECX, 20), bit("popcnt", 1, ECX, 23),
            bit("tsc", 1, EDX, 4), bit("tscinvbit", 0x8000_0007, EDX, 8),
            gated("avx", 1, 0, ECX, 28, Gate.AVX), gated("vzeroupper", 1, 0, ECX, 28, Gate.AVX),
            gated("avx2", 7, 0, EBX, 5, Gate.AVX),
            bit("aes", 1, ECX, 25), bit("erms", 7, EBX, 9), bit("clmul", 1, ECX, 1), bit("bmi1", 7, EBX, 3),
            bit("bmi2", 7, EBX, 8), bit("rtm", 7, EBX, 11), bit("adx", 7, EBX, 19),
            gated("avx512f", 7, 0, EBX, 16, Gate.EVEX), gated("avx512dq", 7, 0, EBX, 17, Gate.EVEX),
            gated("avx512pf", 7, 0, EBX, 26, Gate.EVEX), gated("avx512er", 7, 0, EBX, 27, Gate.EVEX),
            gated("avx512cd", 7, 0, EBX, 28, Gate.EVEX), gated("avx512bw", 7, 0, EBX, 30, Gate.EVEX),
            gated("avx512vl", 7, 0, EBX, 31, Gate.EVEX),
            bit("sha", 7, EBX, 29), bit("fma", 1, ECX, 12),
            gated("avx512_vpopcntdq", 7, 0, ECX, 14, Gate.EVEX), gated("avx512_vpclmulqdq", 7, 0, ECX, 10, Gate.EVEX),
            gated("avx512_vaes", 7, 0, ECX, 9, Gate.EVEX), gated("avx512_vnni", 7, 0, ECX, 11, Gate.EVEX),
            bit("clflush", 1, EDX, 19), bit("clflushopt", 7, EBX, 23),
            gated("avx512_vbmi2", 7, 0, ECX, 6, Gate.EVEX), gated("avx512_vbmi", 7, 0, ECX, 1, Gate.EVEX),
            bit("hv", 1, ECX, 31));

    /** JDK 17: PREFETCHW and LZCNT from AMD, Hygon, Intel and Zhaoxin only, CLWB from Intel only. */
    private static final List<Bit> ONLY_17 = List.of(
            new Bit("3dnowpref", EXT1, 0, ECX, 8, Gate.NONE, Vendors.INTEL_AMD_ZX),
            new Bit("lzcnt", EXT1, 0, ECX, 5, Gate.NONE, Vendors.INTEL_AMD_ZX),
            new Bit("clwb", 7, 0, EBX, 24, Gate.NONE, Vendors.INTEL));

    /** JDK 25: PREFETCHW and LZCNT from any vendor, CLWB but on Zhaoxin, and the names JDK 17 has not. */
    private static final List<Bit> ONLY_25 = List.of(
            bit("3dnowpref", EXT1, ECX, 8), bit("lzcnt", EXT1, ECX, 5),
            new Bit("clwb", 7, 0, EBX, 24, Gate.NONE, Vendors.NOT_ZX),
            new Bit("serialize", 7, 0, EDX, 14, Gate.NONE, Vendors.INTEL), bit("rdtscp", EXT1, EDX, 27),
            bit("rdpid", 7, ECX, 22), bit("fsrm", 7, EDX, 4), gated("gfni", 7, 0, ECX, 8, Gate.AVX),
            gated("avx512_bitalg", 7, 0, ECX, 12, Gate.EVEX), gated("f16c", 1, 0, ECX, 29, Gate.AVX),
            bit("pku", 7, ECX, 3), bit("ospke", 7, ECX, 4), bit("cet_ibt", 7, EDX, 20), bit("cet_ss", 7, ECX, 7),
            gated("avx512_ifma", 7, 0, EBX, 21, Gate.EVEX), gated("avx_ifma", 7, 1, EAX, 23, Gate.AVX2),
            gated("sha512", 7, 1, EAX, 0, Gate.AVX),
            new Bit("avx512_fp16", 7, 0, EDX, 23, Gate.NONE, Vendors.INTEL));

    private static final Set<String> BELOW_AVX3_17 = Set.of("avx512f", "avx512dq", "avx512cd", "avx512bw", "avx512vl",
            "avx512_vpopcntdq", "avx512_vpclmulqdq", "avx512_vaes", "avx512_vnni", "avx512_vbmi", "avx512_vbmi2");

    private static final Set<String> BELOW_AVX3_25 = Stream.concat(BELOW_AVX3_17.stream(), Stream.of("avx512er",
            "avx512pf", "avx512_bitalg", "avx512_ifma", "apx_f", "avx512_fp16", "avx10_1", "avx10_2"))
            .collect(Collectors.toUnmodifiableSet());

    private static final Set<String> KNIGHTS_17 = Set.of("vzeroupper", "avx512bw", "avx512vl", "avx512dq",
            "avx512_vnni", "avx512_vaes", "avx512_vpopcntdq", "avx512_vpclmulqdq", "avx512_vbmi", "avx512_vbmi2", "clwb",
            "clflushopt");

    private static final Set<String> KNIGHTS_25 = Stream.concat(KNIGHTS_17.stream(), Stream.of("gfni", "avx512_bitalg",
            "avx512_ifma", "avx_ifma", "avx512_fp16", "avx10_1", "avx10_2"))
            .collect(Collectors.toUnmodifiableSet());

    /** The names AVX10 with 512-bit vectors sets on Intel in JDK 25, besides {@code avx10_1}. */
    private static final List<String> AVX10_512 = List.of("avx512f", "avx512cd", "avx512dq", "avx512pf", "avx512er",
            "avx512bw", "avx512vl", "avx512_vpopcntdq", "avx512_vpclmulqdq", "avx512_vaes", "avx512_vnni",
            "avx512_bitalg", "avx512_vbmi", "avx512_vbmi2");

    /** The releases modelled, each compared with its live JVM by tests. */
    static final List<Release> RELEASES = List.of(
            new Release(17, NAMES_17, Stream.concat(COMMON.stream(), ONLY_17.stream()).toList(), BELOW_AVX3_17,
                    Set.of("avx2"), Set.of("avx", "vzeroupper"), KNIGHTS_17,
                    "jdk17u-dev 08112fa vm_version_x86.hpp, f30bf61 vm_version_x86.cpp"),
            new Release(25, NAMES_25, Stream.concat(COMMON.stream(), ONLY_25.stream()).toList(), BELOW_AVX3_25,
                    Set.of("avx2", "avx_ifma"), Set.of("avx", "vzeroupper", "f16c", "sha512"), KNIGHTS_25,
                    "jdk25u fd989e0 vm_version_x86.cpp; names of canonical/openjdk-25-crac 0edadbe vm_version_x86.hpp"));

    /** XCR0's SSE and YMM state; opmask, ZMM_Hi256 and Hi16_ZMM; APX's extended registers (bit 19). */
    private static final long XCR0_YMM = 0x6;
    private static final long XCR0_ZMM = 0xE0;
    private static final long XCR0_APX = 1L << 19;

    /** Knights Landing and Knights Mill ({@code is_knights_family}, without {@code UseKNLSetting}). */
    private static final Set<Integer> KNIGHTS_MODELS = Set.of(0x57, 0x85);

    private HotSpotX86Features() {
    }

    private static Bit bit(String name, int leaf, Register register, int bit) {
        return new Bit(name, leaf, 0, register, bit, Gate.NONE, Vendors.ANY);
    }

    private static Bit gated(String name, int leaf, int subleaf, Register register, int bit, Gate gate) {
        return new Bit(name, leaf, subleaf, register, bit, gate, Vendors.ANY);
    }

    /**
     * HotSpot's list for the CPU of {@code s} and a VM started as {@code start}.
     *
     * @param s     a snapshot of the machine: XCR0 read by XGETBV where AVX and OSXSAVE are set, or the kernel's word
     * @param start the JDK release and the options
     * @return the list, with the names not decided and why; or no list, and why
     */
    static HotSpotFeatureList list(CpuidSnapshot s, HotSpotStart start) {
        int jdk = start.jdk();
        Release release = null;
        for (Release r : RELEASES) {
            if (r.jdk() == jdk) {
                release = r;
            }
        }
        if (release == null) {
            return HotSpotFeatureList.unanswered(jdk, "JDK " + jdk + " is not modelled; the releases modelled are "
                    + RELEASES.stream().map(r -> Integer.toString(r.jdk())).toList());
        }
        String refused = HotSpotX86Flags.refusal(HotSpotX86Flags.release(jdk), start);
        if (refused != null) {
            return HotSpotFeatureList.refused(jdk, refused);
        }
        for (String option : READ) {
            if (!start.plain(option)) {
                return HotSpotFeatureList.unanswered(jdk, "-XX:" + option + "=" + start.value(option).orElse("")
                        + " is not given in a form the model reads (true, false or decimal digits)");
            }
        }
        if (start.given("UseKNLSetting")) {
            return HotSpotFeatureList.unanswered(jdk, "the model does not read -XX:UseKNLSetting, with which HotSpot"
                    + " takes the CPU for a Xeon Phi");
        }
        String xcr0Unknown = HotSpotX86Cpu.xcr0Unknown(s);
        if (xcr0Unknown != null) {
            return HotSpotFeatureList.unanswered(jdk, xcr0Unknown);
        }
        Map<String, String> sseAvx = new LinkedHashMap<>();
        for (String o : List.of("UseSSE", "UseAVX")) {
            start.value(o).ifPresent(v -> sseAvx.put(o, v));
        }
        int useAvx = Integer.parseInt(HotSpotX86Flags.flags(s, new HotSpotStart(jdk, sseAvx), List.of("UseAVX"))
                .orElseThrow().get("UseAVX"));
        int sseInitial = HotSpotX86Flags.RELEASES.stream().filter(r -> r.jdk() == jdk).findFirst().orElseThrow()
                .sseInitial();
        // get_processor_features: UseSSE is raised to 2 on x86-64, then clears features as it stands, before the limit
        int useSse = Math.max(2, start.number("UseSSE", sseInitial));
        boolean useApx = start.bool("UseAPX", false);

        Set<String> cleared = new HashSet<>();
        if (useSse < 4) {
            cleared.addAll(List.of("sse4.1", "sse4.2"));
        }
        if (useSse < 3) {
            cleared.addAll(List.of("sse3", "ssse3", "sse4a"));
        }
        if (useAvx < 3) {
            cleared.addAll(release.belowAvx3());
        }
        if (useAvx < 2) {
            cleared.addAll(release.belowAvx2());
        }
        if (useAvx < 1) {
            cleared.addAll(release.belowAvx1());
        }
        int vendor = s.read(0).ebx();
        int eax1 = s.read(1).eax();
        int family = (eax1 >>> 8 & 0xF) + (eax1 >>> 20 & 0xFF);
        int model = (eax1 >>> 4 & 0xF) | (eax1 >>> 16 & 0xF) << 4;
        boolean intel = vendor == HotSpotX86Cpu.GENU;
        if (intel && family == 6 && KNIGHTS_MODELS.contains(model)) {
            cleared.addAll(release.knights());
        }

        Words w = new Words(s);
        long xcr0 = HotSpotX86Cpu.xcr0(s);
        List<String> names = new ArrayList<>();
        Map<String, String> unsure = new LinkedHashMap<>();
        for (String name : release.names()) {
            if (cleared.contains(name) || name.equals("tscinv")) {
                continue;
            }
            w.gaps.clear();
            boolean present;
            String because = null;
            if (name.equals("ht")) {
                present = threadsPerCore(w, vendor, family) > 1;
            } else if (name.equals("apx_f")) {
                present = false;
                if (useApx && w.bit(7, 1, EDX, 21) && (xcr0 & XCR0_APX) != 0 && w.bit(0x29, 0, EBX, 0)) {
                    because = "-XX:+UseAPX keeps apx_f only where HotSpot's signal round trip finds the extended"
                            + " registers restored (os_supports_apx_egprs), which no snapshot holds";
                }
            } else {
                present = release.bits().stream().filter(b -> b.name().equals(name))
                        .anyMatch(b -> set(w, b, vendor, xcr0));
                if (jdk == 25 && intel && !present && (AVX10_512.contains(name) || name.startsWith("avx10_"))) {
                    int version = avx10Version(w, xcr0);
                    present = name.equals("avx10_2") ? version >= 2 : version >= 1;
                }
            }
            if (because == null && !w.gaps.isEmpty()) {
                because = String.join("; ", w.gaps);
            }
            if (because != null) {
                unsure.put(name, because);
            } else if (present) {
                names.add(name);
            }
        }
        return new HotSpotFeatureList(jdk, names, unsure, Optional.empty());
    }

    /** Whether row {@code b} sets its name. */
    private static boolean set(Words w, Bit b, int vendor, long xcr0) {
        boolean amd = vendor == HotSpotX86Cpu.AUTH || vendor == HotSpotX86Cpu.HYGO;
        boolean intel = vendor == HotSpotX86Cpu.GENU;
        boolean zx = vendor == HotSpotX86Cpu.CENT || vendor == HotSpotX86Cpu.SHANGHAI;
        boolean vendorOk = switch (b.vendors()) {
            case ANY -> true;
            case AMD_FAMILY -> amd;
            case INTEL -> intel;
            case INTEL_AMD_ZX -> intel || amd || zx;
            case NOT_ZX -> !zx;
        };
        if (!vendorOk) {
            return false;
        }
        boolean gate = switch (b.gate()) {
            case NONE -> true;
            case AVX -> avx(w, xcr0);
            case AVX2 -> avx(w, xcr0) && w.bit(7, 0, EBX, 5);
            case EVEX -> avx(w, xcr0) && w.bit(7, 0, EBX, 16) && (xcr0 & XCR0_ZMM) == XCR0_ZMM;
        };
        return gate && w.bit(b.leaf(), b.subleaf(), b.register(), b.bit());
    }

    /** AVX in {@code feature_flags}: the AVX and OSXSAVE bits and XCR0's SSE and YMM state. */
    private static boolean avx(Words w, long xcr0) {
        return w.bit(1, 0, ECX, 28) && w.bit(1, 0, ECX, 27) && (xcr0 & XCR0_YMM) == XCR0_YMM;
    }

    /**
     * JDK 25 on Intel: AVX10's converged version where it comes with 512-bit vectors and the ZMM state, 0 otherwise
     * ({@code CpuidInfo::feature_flags}).
     */
    private static int avx10Version(Words w, long xcr0) {
        if (!(avx(w, xcr0) && w.bit(7, 1, EDX, 19) && (xcr0 & XCR0_ZMM) == XCR0_ZMM && w.bit(0x24, 0, EBX, 18))) {
            return 0;
        }
        return w.word(0x24, 0, EBX) & 0xFF;
    }

    /**
     * {@code threads_per_core}: leaf 0xB's thread level on Intel and Zhaoxin that enumerate it; otherwise, with the HTT
     * bit, leaf 0x8000001E from family 0x17, or leaf 1's logical count over {@code cores_per_cpu}; 1 where that is 0.
     */
    private static int threadsPerCore(Words w, int vendor, int family) {
        boolean intel = vendor == HotSpotX86Cpu.GENU;
        boolean zx = vendor == HotSpotX86Cpu.CENT || vendor == HotSpotX86Cpu.SHANGHAI;
        int result = 1;
        if ((intel || zx) && topology(w)) {
            result = w.word(0xB, 0, EBX) & 0xFFFF;
        } else if (w.bit(1, 0, EDX, 28)) {
            if (family >= 0x17) {
                result = (w.word(0x8000_001E, 0, EBX) >>> 8 & 0xFF) + 1;
            } else {
                result = (w.word(1, 0, EBX) >>> 16 & 0xFF) / coresPerCpu(w, vendor);
            }
        }
        return result == 0 ? 1 : result;
    }

    /** {@code supports_processor_topology}: leaf 0xB exists and its thread level is valid. */
    private static boolean topology(Words w) {
        return Integer.compareUnsigned(w.s.read(0).eax(), 0xB) >= 0
                && ((w.word(0xB, 0, EAX) & 0x1F) | (w.word(0xB, 0, EBX) & 0xFFFF)) != 0;
    }

    /** {@code cores_per_cpu}, with the stub's rule that leaf 0xB.1 and leaf 4 are kept only where valid. */
    private static int coresPerCpu(Words w, int vendor) {
        boolean intel = vendor == HotSpotX86Cpu.GENU;
        boolean zx = vendor == HotSpotX86Cpu.CENT || vendor == HotSpotX86Cpu.SHANGHAI;
        if (vendor == HotSpotX86Cpu.AUTH || vendor == HotSpotX86Cpu.HYGO) {
            return (w.word(0x8000_0008, 0, ECX) & 0xFF) + 1;
        }
        if (!intel && !zx) {
            return 1;
        }
        int result = 0;
        boolean topology = topology(w);
        if (topology) {
            int b1 = ((w.word(0xB, 1, EAX) & 0x1F) | w.word(0xB, 1, EBX)) & 0xFFFF;
            int threads = w.word(0xB, 0, EBX) & 0xFFFF;
            result = b1 == 0 || threads == 0 ? 0 : (w.word(0xB, 1, EBX) & 0xFFFF) / threads;
        }
        if (!topology || result == 0) {
            int l4 = w.word(4, 0, EAX);
            result = ((l4 & 0x1F) == 0 ? 0 : l4 >>> 26 & 0x3F) + 1;
        }
        return result;
    }

    /**
     * The words of a snapshot as HotSpot's stub reads them, noting each one the snapshot cannot give: a leaf HotSpot
     * reads that the snapshot lacks, a bit its source leaves unstated, and for the kernel's word any word but the bits
     * of the library's feature table.
     */
    private static final class Words {

        private static final Set<CpuidBit> TABLE_BITS = new HashSet<>();

        static {
            for (X86Feature f : X86Feature.values()) {
                TABLE_BITS.add(f.bit());
            }
        }

        final CpuidSnapshot s;
        final boolean kernel;
        final Set<String> gaps = new LinkedHashSet<>();

        Words(CpuidSnapshot s) {
            this.s = s;
            this.kernel = s.xcr0Source() == Xcr0Source.KERNEL_CHECKED;
        }

        /** Bit {@code bit} of {@code register} of (leaf, subleaf) as HotSpot reads it. */
        boolean bit(int leaf, int subleaf, Register register, int bit) {
            // the kernel's word has no leaf ranges of its own: a bit of the feature table is stated, nothing else is
            if (kernel && !TABLE_BITS.contains(new CpuidBit(leaf, subleaf, register, bit))) {
                gaps.add("the kernel's word does not state CPUID." + leafName(leaf, subleaf) + ":" + register + "["
                        + bit + "]");
                return false;
            }
            if (!kernel && !reads(leaf, subleaf)) {
                return false;
            }
            if (!kernel && !present(leaf, subleaf)) {
                return false;
            }
            if (!s.states(leaf, subleaf, register, bit)) {
                gaps.add("the source does not state CPUID." + leafName(leaf, subleaf) + ":" + register + "[" + bit
                        + "]");
                return false;
            }
            return s.read(leaf, subleaf).bit(register, bit);
        }

        /** A whole register of (leaf, subleaf) as HotSpot reads it. */
        int word(int leaf, int subleaf, Register register) {
            if (kernel) {
                gaps.add("the kernel's word does not give CPUID." + leafName(leaf, subleaf) + ":" + register);
                return 0;
            }
            if (!reads(leaf, subleaf)) {
                return 0;
            }
            if (!present(leaf, subleaf)) {
                return 0;
            }
            if (s.unstated(leaf, subleaf).get(register) != 0) {
                gaps.add("the source does not state all of CPUID." + leafName(leaf, subleaf) + ":" + register);
            }
            return s.read(leaf, subleaf).get(register);
        }

        /** Whether the snapshot has a leaf HotSpot reads; notes the gap where it has not and the CPU defines it. */
        private boolean present(int leaf, int subleaf) {
            if (s.contains(leaf, subleaf)) {
                return true;
            }
            // a subleaf of 7 beyond CPUID.7.0:EAX reads as zeros
            if (leaf == 7 && subleaf > 0 && Integer.compareUnsigned(s.read(7, 0).eax(), subleaf) < 0) {
                return false;
            }
            gaps.add("CPUID leaf " + leafName(leaf, subleaf) + ", which HotSpot reads, is not in the snapshot");
            return false;
        }

        /**
         * Whether HotSpot's stub ({@code generate_get_cpu_info}) reads (leaf, subleaf) on this CPU: basic leaves up to
         * the highest (7's subleaf 1 and, in JDK 25, leaves 0x24 and 0x29 whenever 7 is), extended ones up to the
         * highest extended leaf. Leaves 0x24 and 0x29 beyond the highest basic leaf are noted as gaps: there the CPU
         * answers with another leaf's words.
         */
        private boolean reads(int leaf, int subleaf) {
            int maxBasic = s.read(0).eax();
            if (Integer.compareUnsigned(leaf, 0x8000_0000) < 0) {
                if (leaf == 0x24 || leaf == 0x29) {
                    if (Integer.compareUnsigned(maxBasic, 7) < 0) {
                        return false;
                    }
                    if (Integer.compareUnsigned(maxBasic, leaf) < 0) {
                        gaps.add("HotSpot reads CPUID leaf " + leafName(leaf, subleaf)
                                + " beyond the highest basic leaf, where the CPU answers another leaf's words");
                        return false;
                    }
                    return true;
                }
                return leaf <= 1 || Integer.compareUnsigned(maxBasic, leaf) >= 0;
            }
            int maxExt = s.read(0x8000_0000).eax();
            if (!s.contains(0x8000_0000, 0) || Integer.compareUnsigned(maxExt, 0x8000_0000) <= 0) {
                return false;
            }
            return Integer.compareUnsigned(maxExt, leaf) >= 0;
        }

        private static String leafName(int leaf, int subleaf) {
            String name = "0x" + Integer.toHexString(leaf).toUpperCase(Locale.ROOT);
            return subleaf == 0 ? name : name + "." + subleaf;
        }
    }
}
