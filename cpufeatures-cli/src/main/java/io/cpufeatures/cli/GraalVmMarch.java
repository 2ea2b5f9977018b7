package io.cpufeatures.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * GraalVM native-image's {@code -march} values and the CPU features an image built with each requires at start-up,
 * by GraalVM's names (JVMCI's {@code CPUFeature}), with the library's name for each. Read in oracle/graal:
 * <ul>
 *   <li>AMD64: {@code substratevm/src/com.oracle.svm.hosted/src/com/oracle/svm/hosted/util/CPUTypeAMD64.java} at
 *       3a753022218e652fbbfb74bd4a1827023f1d8473 (each value: a parent and the features it adds);</li>
 *   <li>AArch64: {@code .../hosted/util/CPUTypeAArch64.java} at 390de5d3467d1f261111804e5a514436a6449df0, with its
 *       feature modifiers ({@code armv8.1-a+aes}: {@code lse} adds LSE, {@code aes} adds AES and PMULL, a {@code no}
 *       prefix removes them; {@code fp} and {@code simd} add nothing and cannot be removed).</li>
 * </ul>
 * {@code compatibility} is {@code x86-64} on AMD64 and {@code armv8-a} on AArch64; {@code native} (the build host's
 * features) names no fixed set. The names are listed in the order GraalVM's start-up message prints them.
 */
final class GraalVmMarch {

    /** The library's name of AMD64. */
    static final String X86_64 = "x86_64";
    /** The library's name of AArch64. */
    static final String AARCH64 = "aarch64";

    /**
     * AMD64's GraalVM names to the library's: JVMCI's {@code AMD64.CPUFeature} in its order, which GraalVM's message
     * prints (an {@code EnumSet}); read in openjdk/jdk at af1e9804180596c2ad0789c35ad9a4a12727b2a5,
     * src/jdk.internal.vm.ci/share/classes/jdk/vm/ci/amd64/AMD64.java. The names mirror HotSpot's
     * ({@code VM_Version}'s), so each is the library's feature for HotSpot's name ({@link
     * io.cpufeatures.core.CpuFeatures#fromHotSpotName}; {@code VZEROUPPER} is AVX's bit); HT, TSCINV, TSCINV_BIT, APX_F,
     * AVX10_1 and AVX10_2, which no one bit of the library's table stands for, are left out.
     */
    private static final Map<String, String> AMD64_NAMES = table(
            "CX8 cx8", "CMOV cmov", "FXSR fxsr", "MMX mmx", "AMD_3DNOW_PREFETCH 3dnowprefetch", "SSE sse", "SSE2 sse2",
            "SSE3 pni", "SSSE3 ssse3", "SSE4A sse4a", "SSE4_1 sse4_1", "SSE4_2 sse4_2", "POPCNT popcnt", "LZCNT abm",
            "TSC tsc", "AVX avx", "AVX2 avx2", "AES aes", "ERMS erms", "CLMUL pclmulqdq", "BMI1 bmi1", "BMI2 bmi2",
            "RTM rtm", "ADX adx", "AVX512F avx512f", "AVX512DQ avx512dq", "AVX512PF avx512pf", "AVX512ER avx512er",
            "AVX512CD avx512cd", "AVX512BW avx512bw", "AVX512VL avx512vl", "SHA sha_ni", "FMA fma", "VZEROUPPER avx",
            "AVX512_VPOPCNTDQ avx512_vpopcntdq", "AVX512_VPCLMULQDQ vpclmulqdq", "AVX512_VAES vaes",
            "AVX512_VNNI avx512_vnni", "FLUSH clflush", "FLUSHOPT clflushopt", "CLWB clwb", "AVX512_VBMI2 avx512_vbmi2",
            "AVX512_VBMI avx512vbmi", "HV hypervisor", "SERIALIZE serialize", "RDTSCP rdtscp", "RDPID rdpid",
            "FSRM fsrm", "GFNI gfni", "AVX512_BITALG avx512_bitalg", "F16C f16c", "PKU pku", "OSPKE ospke",
            "CET_IBT ibt", "CET_SS shstk", "AVX512_IFMA avx512ifma", "AVX_IFMA avx_ifma", "SHA512 sha512",
            "AVX512_FP16 avx512_fp16");

    /** AArch64's GraalVM names to the library's (LSE is the {@code atomics} hwcap). */
    private static final Map<String, String> AARCH64_NAMES = table(
            "FP fp", "ASIMD asimd", "AES aes", "PMULL pmull", "CRC32 crc32", "LSE atomics");

    /**
     * One {@code -march} value.
     *
     * @param name         the value, as given to {@code -march}
     * @param architecture the library's architecture it builds for ({@code x86_64}, {@code aarch64})
     * @param features     the features it requires, GraalVM's names, in {@link #names(String)}' order
     */
    record March(String name, String architecture, List<String> features) {

        March {
            features = List.copyOf(features);
        }
    }

    /** The values with a fixed set of features, most demanding last within each architecture. */
    static final List<March> VALUES = values();

    private GraalVmMarch() {
    }

    private static List<March> values() {
        Map<String, March> v = new LinkedHashMap<>();
        add(v, X86_64, "x86-64", null, "CMOV CX8 FXSR MMX SSE SSE2");
        add(v, X86_64, "x86-64-v1", "x86-64", "");
        add(v, X86_64, "x86-64-v2", "x86-64-v1", "POPCNT SSE3 SSE4_1 SSE4_2 SSSE3");
        add(v, X86_64, "x86-64-v3", "x86-64-v2", "AVX AVX2 BMI1 BMI2 F16C FMA LZCNT");
        add(v, X86_64, "x86-64-v4", "x86-64-v3", "AVX512F AVX512BW AVX512CD AVX512DQ AVX512VL");
        add(v, X86_64, "haswell", "x86-64",
                "AES SSE3 SSSE3 SSE4_1 SSE4_2 POPCNT CLMUL AVX F16C AVX2 BMI1 BMI2 LZCNT FMA");
        add(v, X86_64, "skylake", "haswell", "ADX AMD_3DNOW_PREFETCH FLUSHOPT");
        add(v, X86_64, "skylake-avx512", "skylake", "PKU AVX512F AVX512CD AVX512VL AVX512BW AVX512DQ CLWB");
        add(v, AARCH64, "armv8-a", null, "FP ASIMD");
        add(v, AARCH64, "armv8.1-a", "armv8-a", "CRC32 LSE");
        return List.copyOf(v.values());
    }

    private static void add(Map<String, March> values, String arch, String name, String parent, String adds) {
        Set<String> features = new LinkedHashSet<>();
        if (parent != null) {
            features.addAll(values.get(parent).features());
        }
        for (String f : adds.split(" ")) {
            if (!f.isEmpty()) {
                features.add(f);
            }
        }
        if (!names(arch).keySet().containsAll(features)) {
            throw new IllegalStateException("-march " + name + ": a feature without the library's name: " + features);
        }
        values.put(name, new March(name, arch, ordered(arch, features)));
    }

    /** {@code features} in the order of their architecture's names. */
    private static List<String> ordered(String architecture, Set<String> features) {
        return names(architecture).keySet().stream().filter(features::contains).toList();
    }

    /** {@return GraalVM's names of {@code architecture} to the library's, in the order GraalVM prints them} */
    static Map<String, String> names(String architecture) {
        return architecture.equals(X86_64) ? AMD64_NAMES : AARCH64_NAMES;
    }

    /**
     * The value {@code march} for each architecture it builds for: one, or two for {@code compatibility}.
     *
     * @throws CliFailure exit 2 for {@code native}, an unknown value or an unknown AArch64 modifier, naming what is
     *                    accepted
     */
    static List<March> of(String march) {
        if (march.equals("native")) {
            throw new CliFailure(CliFailure.USAGE, "graalvm:native means the build host's own features, not a fixed"
                    + " set: give the -march of the build (accepted: " + accepted() + ")");
        }
        if (march.equals("compatibility")) {
            return List.of(rename(find("x86-64").orElseThrow(), march), rename(find("armv8-a").orElseThrow(), march));
        }
        String[] parts = march.split("\\+", -1);
        March base = find(parts[0]).orElseThrow(() -> new CliFailure(CliFailure.USAGE, "graalvm:" + march
                + " is not a GraalVM -march value; accepted: " + accepted()));
        if (parts.length == 1) {
            return List.of(base);
        }
        if (!base.architecture().equals(AARCH64)) {
            throw new CliFailure(CliFailure.USAGE, "graalvm:" + march + ": feature modifiers (+lse) are AArch64's; on"
                    + " AMD64 give one of " + accepted());
        }
        Set<String> features = new LinkedHashSet<>(base.features());
        for (int i = 1; i < parts.length; i++) {
            String m = parts[i];
            boolean remove = m.startsWith("no");
            List<String> named = switch (remove ? m.substring(2) : m) {
                case "lse" -> List.of("LSE");
                case "aes" -> List.of("AES", "PMULL");
                case "fp", "simd" -> {
                    if (remove) {
                        throw new CliFailure(CliFailure.USAGE, "graalvm:" + march + ": GraalVM refuses +" + m
                                + " (its compiler needs FP and SIMD); modifiers accepted: +lse +aes +nolse +noaes");
                    }
                    yield List.of();
                }
                default -> throw new CliFailure(CliFailure.USAGE, "graalvm:" + march + ": '+" + m + "' is not an"
                        + " AArch64 feature modifier of GraalVM; accepted: +lse +aes +fp +simd +nolse +noaes");
            };
            if (remove) {
                features.removeAll(named);
            } else {
                features.addAll(named);
            }
        }
        return List.of(new March(march, AARCH64, ordered(AARCH64, features)));
    }

    private static March rename(March m, String name) {
        return new March(name, m.architecture(), m.features());
    }

    private static Optional<March> find(String name) {
        return VALUES.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /** {@return the values accepted after {@code graalvm:}, for errors and help} */
    static String accepted() {
        List<String> names = new ArrayList<>(VALUES.stream().map(March::name).toList());
        names.add("compatibility");
        return String.join(", ", names) + " (AArch64 with +lse, +aes, +nolse, +noaes)";
    }

    /** The library's name for GraalVM's {@code name} of {@code architecture}; empty when the table has none. */
    static Optional<String> libraryName(String architecture, String name) {
        return Optional.ofNullable(names(architecture).get(name));
    }

    private static Map<String, String> table(String... rows) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String row : rows) {
            String[] p = row.split(" ");
            m.put(p[0], p[1]);
        }
        return Collections.unmodifiableMap(m);
    }
}
