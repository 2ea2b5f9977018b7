package io.cpufeatures.x86.feature;

import java.util.Objects;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The x86 features by canonical name. Spellings (aliases, case, {@code -} and {@code .} for
 * {@code _}) are resolved by the core's one index of every module's vocabulary, never here; an
 * unknown name is an error with the closest valid names, never "not supported".
 */
public final class FeatureNames {

    private static final Map<String, X86Feature> BY_CANONICAL;
    private static final List<String> CANONICAL;

    static {
        Map<String, X86Feature> byName = new HashMap<>();
        List<String> canonical = new ArrayList<>();
        for (X86Feature f : X86Feature.values()) {
            if (byName.put(f.canonicalName(), f) != null) {
                throw new IllegalStateException("two features are named " + f.canonicalName());
            }
            canonical.add(f.canonicalName());
        }
        BY_CANONICAL = Collections.unmodifiableMap(byName);
        CANONICAL = List.copyOf(canonical);
    }

    private FeatureNames() {
    }

    /**
     * The feature whose canonical name is {@code canonical}, exactly, if there is one.
     *
     * @param canonical a canonical name, e.g. {@code pni}; an alias ({@code sse3}) finds nothing; not null
     * @return the feature; empty when no feature has that canonical name
     */
    public static Optional<X86Feature> byCanonical(String canonical) {
        return Optional.ofNullable(BY_CANONICAL.get(Objects.requireNonNull(canonical, "canonical")));
    }

    /**
     * The x86 feature named {@code name} (any accepted spelling).
     *
     * @param name  any accepted spelling of an x86 feature, e.g. {@code sse3}; not null
     * @param where where the name was read, for the error message (a property, an attribute...); not null
     * @return the feature
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than an x86 feature (a policy flag,
     *                                  a {@code jvm.*} gate, another architecture's feature)
     */
    public static X86Feature require(String name, String where) {
        Objects.requireNonNull(where, "where");
        FeatureName n = CpuFeatures.resolve(name, where);
        return byCanonical(n.canonical()).filter(f -> n.kind() == FeatureName.Kind.FEATURE)
                .orElseThrow(() -> new IllegalArgumentException("'" + name + "' in " + where + " is not an x86 feature: it"
                        + " names the " + n.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + n.canonical()
                        + (n.architectures().isEmpty() ? "" : " of " + String.join(", ", n.architectures()))));
    }

    /** {@return every canonical name, in table order; immutable} */
    public static List<String> canonicalNames() {
        return CANONICAL;
    }
}
