package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.spi.FeatureVocabulary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every name the AArch64 module accepts, from its tables: the feature table's canonical names and
 * aliases, one group, and {@link AArch64JvmGates}. It has no policy flags.
 */
final class AArch64Vocabulary implements FeatureVocabulary {

    static final AArch64Vocabulary INSTANCE = new AArch64Vocabulary();

    /**
     * {@code crypto}: GCC's {@code +crypto} extension, whose {@code /proc/cpuinfo} features are
     * "aes pmull sha1 sha2" ({@code aarch64-option-extensions.def}): the Armv8.0 cryptographic
     * extension that Cortex-A53 and A72 SoCs may or may not include.
     */
    static final Map<String, List<String>> GROUPS = Map.of("crypto", List.of("aes", "pmull", "sha1", "sha2"));

    private final Map<String, List<String>> features;
    private final Map<String, List<String>> jvmGatesOf;

    private AArch64Vocabulary() {
        Map<String, List<String>> f = new LinkedHashMap<>();
        for (AArch64Feature a : AArch64Feature.values()) {
            f.put(a.canonicalName(), a.aliases());
        }
        this.features = Collections.unmodifiableMap(f);
        Map<String, List<String>> g = new LinkedHashMap<>();
        AArch64JvmGates.BY_FEATURE.forEach((feature, gates) -> g.put(feature.canonicalName(), gates));
        this.jvmGatesOf = Collections.unmodifiableMap(g);
    }

    @Override
    public String architecture() {
        return AArch64ArchitectureFeatures.ARCHITECTURE;
    }

    @Override
    public Map<String, List<String>> features() {
        return features;
    }

    @Override
    public List<String> policyFlags() {
        return List.of();
    }

    @Override
    public Map<String, List<String>> groups() {
        return GROUPS;
    }

    @Override
    public List<JvmGate> jvmGates() {
        return AArch64JvmGates.GATES;
    }

    @Override
    public Map<String, List<String>> jvmGatesOf() {
        return jvmGatesOf;
    }

    @Override
    public String acceptedNames() {
        return "aarch64: canonical /proc/cpuinfo names (asimd, atomics, sve2) and their aliases (neon, lse, dotprod)";
    }
}
