package io.cpufeatures.dispatch;

import java.util.Objects;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.UnknownFeatureException;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a candidate needs, in canonical names (groups expanded): features that must hold and names
 * that must not.
 *
 * @param required canonical names that must all hold
 * @param absent   canonical names that must not hold
 * @param declared the names as written, groups unexpanded, for messages ({@code avx512-core, jvm.vector512})
 */
public record Requirements(List<String> required, List<String> absent, List<String> declared) {

    /** Nothing required. */
    public static final Requirements NONE = new Requirements(List.of(), List.of(), List.of());

    /**
     * Copies the lists.
     *
     * @param required canonical names that must all hold; not null
     * @param absent   canonical names that must not hold; not null
     * @param declared the names as written, for messages; not null
     */
    public Requirements {
        required = List.copyOf(required);
        absent = List.copyOf(absent);
        declared = List.copyOf(declared);
    }

    /**
     * A requirement that is not met, with the decoding layer's reasons.
     *
     * @param name         the canonical name required or excluded
     * @param mustBeAbsent whether the name was to be absent (and holds), rather than required (and does not)
     * @param reasons      why a required name does not hold, root reason first; empty for an excluded one
     */
    public record Unmet(String name, boolean mustBeAbsent, List<Reason> reasons) {

        /**
         * Validates the parts and copies the reasons.
         *
         * @param name         the canonical name required or excluded; not null
         * @param mustBeAbsent whether the name was to be absent
         * @param reasons      why a required name does not hold; not null
         */
        public Unmet {
            Objects.requireNonNull(name, "name");
            reasons = List.copyOf(reasons);
        }

        /** One line: {@code avx512f: xcr0: XCR0=0x7 ... lacks ...}, or {@code prefer_ymm is set}. */
        @Override
        public String toString() {
            if (mustBeAbsent) {
                return name + " is set (excluded)";
            }
            return reasons.isEmpty() ? name + " does not hold" : name + ": " + reasons.get(0);
        }
    }

    /**
     * The requirements declared on {@code type} by {@link RequiresFeature} annotations, directly,
     * repeated, or through annotation types that carry them, validated and canonicalised.
     *
     * @param type the candidate class; not null
     * @return its requirements, in canonical names with groups expanded; empty lists when it declares none
     * @throws UnknownFeatureException naming the class, the attribute and the closest valid names
     */
    public static Requirements of(Class<?> type) {
        List<RequiresFeature> found = new ArrayList<>(List.of(type.getAnnotationsByType(RequiresFeature.class)));
        for (Annotation a : type.getAnnotations()) {
            Class<? extends Annotation> at = a.annotationType();
            if (at != RequiresFeature.class && at != RequiresFeatures.class) {
                found.addAll(List.of(at.getAnnotationsByType(RequiresFeature.class)));
            }
        }
        List<String> value = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        for (RequiresFeature r : found) {
            value.addAll(List.of(r.value()));
            absent.addAll(List.of(r.absent()));
        }
        return of(value, absent, "@RequiresFeature of " + type.getName());
    }

    /**
     * Requirements from names, validated.
     *
     * @param required names that must all hold: features, aliases, groups, {@code jvm.*} names or policy
     *                 flags; not null
     * @param absent   names that must not hold, e.g. {@code prefer_ymm}; not null
     * @param where    where the names were read, for error messages; not null
     * @return the requirements, in canonical names with groups expanded
     * @throws UnknownFeatureException for an unknown name
     */
    public static Requirements of(List<String> required, List<String> absent, String where) {
        Objects.requireNonNull(required, "required");
        Objects.requireNonNull(absent, "absent");
        Objects.requireNonNull(where, "where");
        Set<String> req = new LinkedHashSet<>();
        Set<String> abs = new LinkedHashSet<>();
        List<String> declared = new ArrayList<>();
        for (String n : required) {
            declared.add(n);
            req.addAll(expand(n, where + ".value"));
        }
        for (String n : absent) {
            declared.add("not " + n);
            abs.addAll(expand(n, where + ".absent"));
        }
        return new Requirements(new ArrayList<>(req), new ArrayList<>(abs), declared);
    }

    /** A name's canonical spelling, or a group's members. */
    private static List<String> expand(String name, String where) {
        FeatureName n = CpuFeatures.resolve(name, where);
        return n.kind() == FeatureName.Kind.GROUP ? n.members() : List.of(n.canonical());
    }

    /**
     * What does not hold on {@code features}; empty when everything does.
     *
     * @param features the CPU (and JVM view) to check against
     * @return each unmet requirement: required names first, then excluded ones, in declaration order
     */
    public List<Unmet> check(CpuFeatures features) {
        List<Unmet> unmet = new ArrayList<>();
        for (String n : required) {
            if (!features.has(n)) {
                unmet.add(new Unmet(n, false, features.reasons(n)));
            }
        }
        for (String n : absent) {
            if (features.has(n)) {
                unmet.add(new Unmet(n, true, List.of()));
            }
        }
        return unmet;
    }

    /**
     * {@return the kernel-style summary: {@code avx512f, jvm.vector512; not prefer_ymm}, or
     * {@code no requirements}}
     */
    public String summary() {
        String yes = String.join(", ", required);
        String no = absent.isEmpty() ? "" : "not " + String.join(", not ", absent);
        if (yes.isEmpty()) {
            return no.isEmpty() ? "no requirements" : no;
        }
        return no.isEmpty() ? yes : yes + "; " + no;
    }
}
