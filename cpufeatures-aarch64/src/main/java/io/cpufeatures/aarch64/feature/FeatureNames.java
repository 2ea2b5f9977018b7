package io.cpufeatures.aarch64.feature;

import java.util.Objects;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import java.util.Collections;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The AArch64 features by canonical name. Spellings (aliases, case, {@code -} and {@code .} for
 * {@code _}) are resolved by the core's one index of every module's vocabulary, never here.
 */
public final class FeatureNames {

    private static final Map<String, AArch64Feature> BY_CANONICAL;

    static {
        Map<String, AArch64Feature> byName = new HashMap<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            if (byName.put(f.canonicalName(), f) != null) {
                throw new IllegalStateException("two features are named " + f.canonicalName());
            }
        }
        BY_CANONICAL = Collections.unmodifiableMap(byName);
    }

    private FeatureNames() {
    }

    /**
     * The feature whose canonical name is {@code canonical}, exactly, if there is one.
     *
     * @param canonical a canonical name, e.g. {@code sveaes}; an alias ({@code sve2_aes}) or another case finds
     *                  nothing; not null
     * @return the feature; empty when no feature has that canonical name
     */
    public static Optional<AArch64Feature> byCanonical(String canonical) {
        return Optional.ofNullable(BY_CANONICAL.get(Objects.requireNonNull(canonical, "canonical")));
    }

    /**
     * The AArch64 feature named {@code name} (any accepted spelling).
     *
     * @param name  any accepted spelling of an AArch64 feature, e.g. {@code neon} or {@code ASIMD}; not null
     * @param where where the name was read, for the error message (a property, a method...); not null
     * @return the feature
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than an AArch64 feature (a group, a
     *                                  {@code jvm.*} gate, another architecture's feature)
     */
    public static AArch64Feature require(String name, String where) {
        FeatureName n = CpuFeatures.resolve(name, where);
        return byCanonical(n.canonical()).filter(f -> n.kind() == FeatureName.Kind.FEATURE)
                .orElseThrow(() -> new IllegalArgumentException("'" + name + "' in " + where + " is not an aarch64 feature:"
                        + " it names the " + n.kind().name().toLowerCase(Locale.ROOT) + " " + n.canonical()
                        + (n.architectures().isEmpty() ? "" : " of " + String.join(", ", n.architectures()))));
    }
}
