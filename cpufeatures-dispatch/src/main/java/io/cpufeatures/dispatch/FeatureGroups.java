package io.cpufeatures.dispatch;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Named groups of features usable in {@link RequiresFeature}: {@code avx512-core} (F, CD, BW, DQ,
 * VL: the set ISA-L and .NET treat as one, and Skylake-SP's) and the x86-64 psABI levels.
 */
public final class FeatureGroups {

    private static final Map<String, List<String>> GROUPS = Map.of(
            "avx512-core", List.of("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"),
            "x86-64-v2", List.of("cx16", "lahf_lm", "popcnt", "pni", "sse4_1", "sse4_2", "ssse3"),
            "x86-64-v3", List.of("cx16", "lahf_lm", "popcnt", "pni", "sse4_1", "sse4_2", "ssse3", "avx", "avx2", "bmi1",
                    "bmi2", "f16c", "fma", "abm", "movbe", "xsave"),
            "x86-64-v4", List.of("cx16", "lahf_lm", "popcnt", "pni", "sse4_1", "sse4_2", "ssse3", "avx", "avx2", "bmi1",
                    "bmi2", "f16c", "fma", "abm", "movbe", "xsave", "avx512f", "avx512bw", "avx512cd", "avx512dq",
                    "avx512vl"));

    private FeatureGroups() {
    }

    /** The members of the group named {@code name}, if it is a group. */
    public static Optional<List<String>> members(String name) {
        return Optional.ofNullable(GROUPS.get(name.trim().toLowerCase(java.util.Locale.ROOT)));
    }

    /** The group names. */
    public static List<String> names() {
        return GROUPS.keySet().stream().sorted().toList();
    }
}
