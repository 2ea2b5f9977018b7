package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * An architecture's feature table as the kit reads it: the feature enum in table order, the families a
 * report groups features under (in report order), each feature by canonical name, and how to say where
 * the CPU reports a feature ({@code CPUID.0x7:EBX[5]}, {@code HWCAP2_SVE2 (AT_HWCAP2 bit 1)}), for docs
 * and traces. Built once per architecture; immutable.
 *
 * @param <F> the feature enum
 */
public final class FeatureTable<F extends Enum<F> & FeatureRow> {

    private final Class<F> type;
    private final String label;
    private final List<F> values;
    private final List<String> families;
    private final Map<String, F> byCanonical;

    private FeatureTable(Class<F> type, String label, List<String> families) {
        this.type = type;
        this.label = label;
        this.values = List.of(type.getEnumConstants());
        this.families = List.copyOf(families);
        Map<String, F> byName = new HashMap<>();
        for (F f : values) {
            if (byName.put(f.canonicalName(), f) != null) {
                throw new IllegalStateException(type.getSimpleName() + ": two features are named " + f.canonicalName());
            }
            if (!this.families.contains(f.family())) {
                throw new IllegalStateException(f.canonicalName() + ": family '" + f.family() + "' is not one of "
                        + this.families);
            }
        }
        this.byCanonical = Collections.unmodifiableMap(byName);
    }

    /**
     * The table of {@code type}'s constants.
     *
     * @param <F>      the feature enum
     * @param type     the feature enum; not null
     * @param label    how a sentence names the architecture, with its article ({@code an x86}: "'sve' is not an x86
     *                 feature"); not null
     * @param families every family a feature names, in the order a report lists them; not null
     * @return the table
     * @throws IllegalStateException if two features share a canonical name, or a feature's family is not listed
     */
    public static <F extends Enum<F> & FeatureRow> FeatureTable<F> of(Class<F> type, String label, List<String> families) {
        return new FeatureTable<>(Objects.requireNonNull(type, "type"), Objects.requireNonNull(label, "label"), families);
    }

    /** {@return the feature enum} */
    public Class<F> type() {
        return type;
    }

    /** {@return how a sentence names the architecture, with its article ({@code an x86})} */
    public String label() {
        return label;
    }

    /** {@return every feature, in table order; immutable} */
    public List<F> values() {
        return values;
    }

    /** {@return the families, in the order a report lists them; immutable} */
    public List<String> families() {
        return families;
    }

    /**
     * The feature whose canonical name is exactly {@code canonical}.
     *
     * @param canonical a canonical name; an alias or another case finds nothing; not null
     * @return the feature, or empty
     */
    public Optional<F> byCanonical(String canonical) {
        return Optional.ofNullable(byCanonical.get(Objects.requireNonNull(canonical, "canonical")));
    }

    /**
     * The feature named {@code name}, by any spelling the modules on the class path accept.
     *
     * @param name  any accepted spelling of a feature of this table, e.g. {@code neon} or {@code ASIMD}; not null
     * @param where where the name was read, for the error (a property, a method...); not null
     * @return the feature
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than a feature of this table (a group, a
     *                                  {@code jvm.*} gate, another architecture's feature)
     */
    public F require(String name, String where) {
        FeatureName n = CpuFeatures.resolve(name, where);
        return byCanonical(n.canonical()).filter(f -> n.kind() == FeatureName.Kind.FEATURE)
                .orElseThrow(() -> new IllegalArgumentException("'" + name + "' in " + where + " is not " + label
                        + " feature: it names the " + n.kind().name().toLowerCase(Locale.ROOT) + " " + n.canonical()
                        + (n.architectures().isEmpty() ? "" : " of " + String.join(", ", n.architectures()))));
    }

    /**
     * Where the CPU reports {@code feature}, as docs and traces write it.
     *
     * @param feature a feature of this table; not null
     * @return e.g. {@code CPUID.0x7:EBX[5]}
     */
    public String where(F feature) {
        return feature.where();
    }

    /** {@return a new, empty set of this table's features} */
    public EnumSet<F> noneOf() {
        return EnumSet.noneOf(type);
    }

    /**
     * A new set holding {@code features}.
     *
     * @param features features of this table; not null
     * @return a new set the caller may change
     */
    public EnumSet<F> copyOf(Collection<F> features) {
        EnumSet<F> s = EnumSet.noneOf(type);
        s.addAll(features);
        return s;
    }

    /**
     * The canonical names of {@code features}, in table order.
     *
     * @param features features of this table; not null
     * @return an unmodifiable set of names
     */
    public Set<String> names(Collection<F> features) {
        Set<String> names = new LinkedHashSet<>();
        for (F f : copyOf(features)) {
            names.add(f.canonicalName());
        }
        return Collections.unmodifiableSet(names);
    }

    /**
     * {@code features} grouped by family, families in report order and features in table order, as a report
     * lists the usable ones.
     *
     * @param features features of this table; not null
     * @return one group per family that has any of them
     */
    public List<CpuDescription.FeatureGroup> byFamily(Set<F> features) {
        List<CpuDescription.FeatureGroup> groups = new ArrayList<>();
        for (String family : families) {
            List<String> names = new ArrayList<>();
            for (F f : features) {
                if (f.family().equals(family)) {
                    names.add(f.canonicalName());
                }
            }
            if (!names.isEmpty()) {
                groups.add(new CpuDescription.FeatureGroup(family, names));
            }
        }
        return groups;
    }

    @Override
    public String toString() {
        return "FeatureTable[" + type.getSimpleName() + ", " + values.size() + " features, families "
                + Arrays.toString(families.toArray()) + "]";
    }
}
