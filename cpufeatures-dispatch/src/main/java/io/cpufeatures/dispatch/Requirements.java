package io.cpufeatures.dispatch;

import java.util.Objects;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.internal.Architectures;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a candidate needs, in canonical names: features that must hold (groups expanded), any-of
 * requirements (of each, one name at least must hold), and names that must not.
 *
 * @param required canonical names that must all hold
 * @param absent   canonical names that must not hold
 * @param declared the names as written, groups unexpanded, for messages ({@code avx512-core, jvm.vector512})
 * @param anyOf    the any-of requirements, each of which must have at least one alternative that holds (one per
 *                 {@link RequiresFeature#anyOf()} that names any)
 */
public record Requirements(List<String> required, List<String> absent, List<String> declared, List<AnyOf> anyOf) {

    /** Nothing required. */
    public static final Requirements NONE = new Requirements(List.of(), List.of(), List.of(), List.of());

    /**
     * Copies the lists.
     *
     * @param required canonical names that must all hold; not null
     * @param absent   canonical names that must not hold; not null
     * @param declared the names as written, for messages; not null
     * @param anyOf    the any-of requirements, of each of which one alternative at least must hold; not null
     */
    public Requirements {
        required = List.copyOf(required);
        absent = List.copyOf(absent);
        declared = List.copyOf(declared);
        anyOf = List.copyOf(anyOf);
    }

    /**
     * Requirements without any-of requirements.
     *
     * @param required canonical names that must all hold; not null
     * @param absent   canonical names that must not hold; not null
     * @param declared the names as written, for messages; not null
     */
    public Requirements(List<String> required, List<String> absent, List<String> declared) {
        this(required, absent, declared, List.of());
    }

    /**
     * An any-of requirement: at least one of the alternatives must hold.
     *
     * @param alternatives canonical names, in declaration order; a group stays a group (it holds when all its
     *                     members do)
     */
    public record AnyOf(List<String> alternatives) {

        /**
         * Validates and copies the alternatives.
         *
         * @param alternatives canonical names, at least one; not null
         * @throws IllegalArgumentException if there is none
         */
        public AnyOf {
            alternatives = List.copyOf(alternatives);
            if (alternatives.isEmpty()) {
                throw new IllegalArgumentException("an any-of requirement names at least one alternative");
            }
        }

        /** {@return the alternatives as one name: {@code avx512bw or sve}} */
        public String name() {
            return String.join(" or ", alternatives);
        }
    }

    /**
     * A requirement that is not met, with the decoding layer's reasons.
     *
     * @param name         the canonical name required or excluded; for an any-of, its alternatives joined by
     *                     {@code or} ({@code avx512bw or sve})
     * @param mustBeAbsent whether the name was to be absent (and holds), rather than required (and does not)
     * @param reasons      why a required name does not hold, root reason first; for an any-of, each alternative's
     *                     root reason, in order; empty for an excluded one
     * @param alternatives for an any-of none of whose alternatives holds, each alternative's own unmet requirement,
     *                     in order; empty otherwise
     */
    public record Unmet(String name, boolean mustBeAbsent, List<Reason> reasons, List<Unmet> alternatives) {

        /**
         * Validates the parts and copies the lists.
         *
         * @param name         the canonical name required or excluded, or the any-of's alternatives; not null
         * @param mustBeAbsent whether the name was to be absent
         * @param reasons      why a required name does not hold; not null
         * @param alternatives an any-of's unmet alternatives; not null, empty for anything but an any-of
         * @throws IllegalArgumentException for an excluded name with alternatives
         */
        public Unmet {
            Objects.requireNonNull(name, "name");
            reasons = List.copyOf(reasons);
            alternatives = List.copyOf(alternatives);
            if (mustBeAbsent && !alternatives.isEmpty()) {
                throw new IllegalArgumentException("an excluded name has no alternatives: " + name);
            }
        }

        /**
         * A required or excluded name that is not met.
         *
         * @param name         the canonical name required or excluded; not null
         * @param mustBeAbsent whether the name was to be absent
         * @param reasons      why a required name does not hold; not null
         */
        public Unmet(String name, boolean mustBeAbsent, List<Reason> reasons) {
            this(name, mustBeAbsent, reasons, List.of());
        }

        /**
         * One line: {@code avx512f: register-state: XCR0=0x7 ... lacks ...}, {@code prefer_ymm is set (excluded)}, or for a
         * an any-of {@code avx512bw or sve: none holds (avx512bw: absent: ...; sve: absent: ...)}.
         */
        @Override
        public String toString() {
            if (!alternatives.isEmpty()) {
                List<String> each = new ArrayList<>();
                for (Unmet a : alternatives) {
                    each.add(a.toString());
                }
                return name + ": none holds (" + String.join("; ", each) + ")";
            }
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
     * They are read from the class file of the class that was defined, as {@link Candidate#of(Class)} reads them,
     * never by reflection.
     *
     * @param type the candidate class; not null
     * @return its requirements, in canonical names with groups expanded (not in an any-of's alternatives); empty
     *         lists when it declares none
     * @throws UnknownFeatureException  naming the class, the attribute and the closest valid names
     * @throws IllegalArgumentException in one line, when the class's own class file cannot be read or is malformed
     *                                  (see {@link Candidate#of(Class)})
     */
    public static Requirements of(Class<?> type) {
        return declared(Declarations.read(Objects.requireNonNull(type, "type")).requires(), type.getName());
    }

    /** The requirements of the {@link RequiresFeature}s {@code found} on the class {@code typeName}, in order. */
    static Requirements declared(List<Declarations.Requires> found, String typeName) {
        List<String> value = new ArrayList<>();
        List<List<String>> anyOf = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        for (Declarations.Requires r : found) {
            value.addAll(r.value());
            if (!r.anyOf().isEmpty()) {
                anyOf.add(r.anyOf());
            }
            absent.addAll(r.absent());
        }
        return of(value, anyOf, absent, "@RequiresFeature of " + typeName);
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
        return of(required, List.of(), absent, where);
    }

    /**
     * Requirements from names, validated, with any-of requirements.
     *
     * @param required names that must all hold: features, aliases, groups, {@code jvm.*} names or policy
     *                 flags; not null
     * @param anyOf    any-of requirements: of each list, at least one name must hold (a group when all its members do), e.g.
     *                 {@code [[avx512bw, sve]]}; not null, nor any list empty
     * @param absent   names that must not hold, e.g. {@code prefer_ymm}; not null
     * @param where    where the names were read, for error messages; not null
     * @return the requirements, in canonical names with groups expanded (an any-of's alternatives keep theirs)
     * @throws UnknownFeatureException  for an unknown name
     * @throws IllegalArgumentException for an any-of without alternatives
     */
    public static Requirements of(List<String> required, List<List<String>> anyOf, List<String> absent, String where) {
        Objects.requireNonNull(required, "required");
        Objects.requireNonNull(anyOf, "anyOf");
        Objects.requireNonNull(absent, "absent");
        Objects.requireNonNull(where, "where");
        Set<String> req = new LinkedHashSet<>();
        Set<String> abs = new LinkedHashSet<>();
        List<AnyOf> anyOfs = new ArrayList<>();
        List<String> declared = new ArrayList<>();
        for (String n : required) {
            declared.add(n);
            req.addAll(expand(n, where + ".value"));
        }
        for (List<String> names : anyOf) {
            if (names.isEmpty()) {
                throw new IllegalArgumentException(where + ".anyOf: an empty list of alternatives; name one or more"
                        + " features, groups, policy flags or jvm.* names, of which at least one must hold");
            }
            Set<String> alternatives = new LinkedHashSet<>();
            for (String n : names) {
                alternatives.add(Architectures.canonicalOnRunning(n) ? n : resolve(n, where + ".anyOf").canonical());
            }
            anyOfs.add(new AnyOf(new ArrayList<>(alternatives)));
            declared.add("(" + String.join(" or ", names) + ")");
        }
        for (String n : absent) {
            declared.add("not " + n);
            abs.addAll(expand(n, where + ".absent"));
        }
        return new Requirements(new ArrayList<>(req), new ArrayList<>(abs), declared, anyOfs);
    }

    /** A name's canonical spelling, or a group's members. */
    private static List<String> expand(String name, String where) {
        if (Architectures.canonicalOnRunning(name)) {
            return List.of(name);
        }
        FeatureName n = resolve(name, where);
        return n.kind() == FeatureName.Kind.GROUP ? n.members() : List.of(n.canonical());
    }

    /**
     * What {@code name} names, where it is not canonical on this machine ({@link Architectures#canonicalOnRunning}, read
     * from the running architecture's tables and gates): by the running architecture's vocabulary (an alias, a group)
     * first, so that a point naming only those builds no other architecture's; by every module's where it does not
     * know it (a feature of another architecture, or a misspelling, which is the error).
     */
    private static FeatureName resolve(String name, String where) {
        Optional<ArchitectureModule> running = Architectures.running();
        return Architectures.name(running.isPresent() ? running.get().architecture() : null,
                Objects.requireNonNull(name, "name"), where);
    }

    /**
     * Whether every requirement holds on {@code features}: {@link #check} is empty, answered with the features' bits
     * alone, no reason made.
     *
     * @param features the CPU (and JVM view) to check against; not null
     * @return whether the requirements are met
     */
    public boolean holdOn(CpuFeatures features) {
        for (String n : required) {
            if (!features.has(n)) {
                return false;
            }
        }
        for (AnyOf a : anyOf) {
            if (!anyHolds(a, features)) {
                return false;
            }
        }
        for (String n : absent) {
            if (features.has(n)) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyHolds(AnyOf a, CpuFeatures features) {
        for (String alternative : a.alternatives()) {
            if (features.has(alternative)) {
                return true;
            }
        }
        return false;
    }

    /**
     * What does not hold on {@code features}; empty when everything does.
     *
     * @param features the CPU (and JVM view) to check against
     * @return each unmet requirement: required names first, then any-of requirements none of whose alternatives
     *         holds, then excluded names, in declaration order
     */
    public List<Unmet> check(CpuFeatures features) {
        List<Unmet> unmet = new ArrayList<>();
        for (String n : required) {
            if (!features.has(n)) {
                unmet.add(new Unmet(n, false, features.reasons(n)));
            }
        }
        for (AnyOf a : anyOf) {
            if (held(a, features).isEmpty()) {
                List<Unmet> each = new ArrayList<>();
                List<Reason> reasons = new ArrayList<>();
                for (String alternative : a.alternatives()) {
                    List<Reason> r = features.reasons(alternative);
                    each.add(new Unmet(alternative, false, r));
                    if (!r.isEmpty()) {
                        reasons.add(r.get(0));
                    }
                }
                unmet.add(new Unmet(a.name(), false, reasons, each));
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
     * Which alternatives of each any-of requirement hold on {@code features}, one line per any-of where one does:
     * {@code avx512bw or sve: avx512bw holds}.
     */
    List<String> heldAlternatives(CpuFeatures features) {
        List<String> lines = new ArrayList<>();
        for (AnyOf a : anyOf) {
            List<String> held = held(a, features);
            if (!held.isEmpty()) {
                lines.add(a.name() + ": " + String.join(", ", held) + (held.size() == 1 ? " holds" : " hold"));
            }
        }
        return lines;
    }

    private static List<String> held(AnyOf a, CpuFeatures features) {
        List<String> held = new ArrayList<>();
        for (String alternative : a.alternatives()) {
            if (features.has(alternative)) {
                held.add(alternative);
            }
        }
        return held;
    }

    /**
     * {@return the kernel-style summary: {@code avx512f, jvm.vector512; not prefer_ymm}, an any-of in parentheses
     * ({@code jvm.vector512, (avx512bw or sve)}), or {@code no requirements}}
     */
    public String summary() {
        List<String> all = new ArrayList<>(required);
        for (AnyOf a : anyOf) {
            all.add("(" + a.name() + ")");
        }
        String yes = String.join(", ", all);
        String no = absent.isEmpty() ? "" : "not " + String.join(", not ", absent);
        if (yes.isEmpty()) {
            return no.isEmpty() ? "no requirements" : no;
        }
        return no.isEmpty() ? yes : yes + "; " + no;
    }
}
