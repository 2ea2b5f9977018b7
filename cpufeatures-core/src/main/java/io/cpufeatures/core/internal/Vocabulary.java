package io.cpufeatures.core.internal;

import io.cpufeatures.os.JvmArch;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.kit.FeatureVocabulary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One index of every name the modules on the class path accept, built once: each spelling
 * (canonical names, aliases, policy flags, groups, {@code jvm.*} gates), matched case-insensitively
 * with {@code -} and {@code .} read as {@code _}, to what it names. Every name of the library is
 * resolved here, and only here; so are the suggestions for an unknown one.
 *
 * <p>A spelling means one thing on every architecture: two modules may share a canonical name
 * ({@code aes}), but a spelling that two modules map to different names is refused when the index
 * is built, naming both.
 */
public final class Vocabulary {

    private static final int SUGGESTIONS = 5;

    private final Map<String, FeatureName> byName = new LinkedHashMap<>();
    private final List<String> suggestable = new ArrayList<>();
    private final List<String> hints = new ArrayList<>();
    /** Per architecture, each feature's JIT gates: a name two modules share ({@code aes}) has each one's own. */
    private final Map<String, Map<String, List<String>>> jvmGatesOf = new LinkedHashMap<>();
    private final List<JvmGate> jvmGates = new ArrayList<>();
    private final Set<String> architectures = new LinkedHashSet<>();

    /**
     * The index of {@code coreGates} and {@code vocabularies}.
     *
     * @throws IllegalStateException if two of them give one spelling different meanings
     */
    public Vocabulary(List<JvmGate> coreGates, List<FeatureVocabulary> vocabularies) {
        List<String> gateNames = new ArrayList<>();
        for (JvmGate g : coreGates) {
            addGate(g, List.of(), gateNames);
        }
        for (FeatureVocabulary v : vocabularies) {
            architectures.add(v.architecture());
            for (JvmGate g : v.jvmGates()) {
                addGate(g, List.of(v.architecture()), gateNames);
            }
        }
        suggestable.addAll(gateNames);
        for (FeatureVocabulary v : vocabularies) {
            String arch = v.architecture();
            for (Map.Entry<String, List<String>> f : v.features().entrySet()) {
                String canonical = f.getKey();
                add(canonical, new FeatureName(canonical, FeatureName.Kind.FEATURE, List.of(arch), List.of()));
                for (String alias : f.getValue()) {
                    add(alias, byName.get(normalise(canonical)));
                }
            }
            for (String flag : v.policyFlags()) {
                add(flag, new FeatureName(flag, FeatureName.Kind.POLICY, List.of(arch), List.of()));
            }
            suggestable.addAll(v.features().keySet());
            suggestable.addAll(v.policyFlags());
            Map<String, List<String>> gatesOf = jvmGatesOf.get(arch);
            if (gatesOf == null) {
                gatesOf = new LinkedHashMap<>();
                jvmGatesOf.put(arch, gatesOf);
            }
            for (Map.Entry<String, List<String>> g : v.jvmGatesOf().entrySet()) {
                gatesOf.put(g.getKey(), List.copyOf(g.getValue()));
            }
            hints.add(v.acceptedNames());
        }
        for (FeatureVocabulary v : vocabularies) {
            for (Map.Entry<String, List<String>> g : v.groups().entrySet()) {
                String group = g.getKey();
                List<String> canonical = new ArrayList<>();
                for (String m : g.getValue()) {
                    FeatureName n = byName.get(normalise(m));
                    if (n == null) {
                        throw new IllegalStateException("group " + group + " of " + v.architecture() + " names '" + m
                                + "', which no vocabulary knows");
                    }
                    canonical.add(n.canonical());
                }
                add(group, new FeatureName(group, FeatureName.Kind.GROUP, List.of(v.architecture()), canonical));
                suggestable.add(group);
            }
        }
        for (FeatureVocabulary v : vocabularies) {
            for (List<String> aliases : v.features().values()) {
                suggestable.addAll(aliases);
            }
        }
    }

    /**
     * Indexes a gate. Two modules may give one gate (the same HotSpot flag under one name, {@code jvm.aes} on
     * AArch64 and ppc64le): it is one gate; the same name for another rule is refused.
     */
    private void addGate(JvmGate gate, List<String> architecture, List<String> names) {
        add(gate.name(), new FeatureName(gate.name(), FeatureName.Kind.JVM, architecture, List.of()));
        for (JvmGate earlier : jvmGates) {
            if (earlier.name().equals(gate.name())) {
                if (!earlier.equals(gate)) {
                    throw new IllegalStateException("the gate " + gate.name() + " is " + earlier.rule() + " and "
                            + gate.rule() + "; a gate means one thing everywhere");
                }
                return;
            }
        }
        jvmGates.add(gate);
        names.add(gate.name());
    }

    /** Indexes {@code spelling}; a spelling two modules define merges if it means the same, else is refused. */
    private void add(String spelling, FeatureName name) {
        String key = normalise(spelling);
        FeatureName earlier = byName.get(key);
        if (earlier == null) {
            byName.put(key, name);
            return;
        }
        if (!earlier.canonical().equals(name.canonical()) || earlier.kind() != name.kind()) {
            throw new IllegalStateException("the name '" + spelling + "' means " + earlier.kind() + " "
                    + earlier.canonical() + " " + earlier.architectures() + " and " + name.kind() + " "
                    + name.canonical() + " " + name.architectures() + "; a spelling must mean one thing everywhere");
        }
        Set<String> archs = new LinkedHashSet<>(earlier.architectures());
        archs.addAll(name.architectures());
        byName.put(key, new FeatureName(earlier.canonical(), earlier.kind(), List.copyOf(archs), earlier.members()));
    }

    /** The name as it is looked up: trimmed, lower case, {@code -} and {@code .} turned into {@code _}. */
    public static String normalise(String name) {
        return name.trim().toLowerCase(Locale.ROOT).replace('-', '_').replace('.', '_');
    }

    /** What {@code name} names, if any module knows it. */
    public Optional<FeatureName> find(String name) {
        return Optional.ofNullable(byName.get(normalise(name)));
    }

    /**
     * What {@code name} names.
     *
     * @param where where the name was read, for the error ({@code cpufeatures.disable}, an annotation...)
     * @throws UnknownFeatureException naming the closest valid names when no module knows it
     */
    public FeatureName resolve(String name, String where) {
        FeatureName n = byName.get(normalise(name));
        if (n == null) {
            throw unknown(name, where);
        }
        return n;
    }

    /**
     * The error for a name no module knows: the closest valid spellings, nearest first (on a tie,
     * {@code jvm.*} gates, canonical names, policy flags and groups before aliases), what is accepted,
     * and, when the running machine's architecture has no module on the class path, which one to add.
     */
    public UnknownFeatureException unknown(String name, String where) {
        return new UnknownFeatureException(name, where, NameDistance.closest(name, suggestable, SUGGESTIONS), accepted());
    }

    private String accepted() {
        String osArch = JvmArch.osArch();
        String known = hints.isEmpty() ? "jvm.* features (" + String.join(", ", jvmGates.stream().limit(3)
                .map(JvmGate::name).toList()) + ")" : String.join("; ", hints);
        return Architectures.missingModule(osArch).map(m -> known + ". " + m).orElse(known);
    }

    /**
     * The {@code jvm.*} gates that decide whether Java code gets to use the CPU feature {@code canonical}
     * of {@code architecture}: a canonical name two architectures share ({@code aes}) has different
     * gates on each.
     */
    public List<String> jvmGatesOf(String architecture, String canonical) {
        return jvmGatesOf.getOrDefault(architecture, Map.of()).getOrDefault(canonical, List.of());
    }

    /** Every {@code jvm.*} gate: the core's, then each module's, in report order. */
    public List<JvmGate> jvmGates() {
        return Collections.unmodifiableList(jvmGates);
    }

    /** The architectures whose vocabularies are indexed, in class-path order. */
    public Set<String> architectures() {
        return Collections.unmodifiableSet(architectures);
    }
}
