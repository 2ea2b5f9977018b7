package io.cpufeatures.x86;

import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.spi.FeatureVocabulary;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.policy.PolicyFlag;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every name the x86 module accepts, from its tables: the feature table's canonical names and aliases,
 * the policy flags, {@link X86Groups} and {@link X86JvmGates}.
 */
final class X86Vocabulary implements FeatureVocabulary {

    static final X86Vocabulary INSTANCE = new X86Vocabulary();

    private final Map<String, List<String>> features;
    private final Map<String, List<String>> jvmGatesOf;

    private X86Vocabulary() {
        Map<String, List<String>> f = new LinkedHashMap<>();
        for (X86Feature x : X86Feature.values()) {
            f.put(x.canonicalName(), x.aliases());
        }
        this.features = Collections.unmodifiableMap(f);
        Map<String, List<String>> g = new LinkedHashMap<>();
        X86JvmGates.BY_FEATURE.forEach((feature, gates) -> g.put(feature.canonicalName(), gates));
        this.jvmGatesOf = Collections.unmodifiableMap(g);
    }

    @Override
    public String architecture() {
        return X86ArchitectureFeatures.ARCHITECTURE;
    }

    @Override
    public Map<String, List<String>> features() {
        return features;
    }

    @Override
    public List<String> policyFlags() {
        return Arrays.stream(PolicyFlag.values()).map(PolicyFlag::canonicalName).toList();
    }

    @Override
    public Map<String, List<String>> groups() {
        return X86Groups.GROUPS;
    }

    @Override
    public List<JvmGate> jvmGates() {
        return X86JvmGates.GATES;
    }

    @Override
    public Map<String, List<String>> jvmGatesOf() {
        return jvmGatesOf;
    }

    @Override
    public String acceptedNames() {
        return "canonical /proc/cpuinfo names (avx2, avx512f, pni) and their aliases (sse3, lzcnt, sha)";
    }
}
