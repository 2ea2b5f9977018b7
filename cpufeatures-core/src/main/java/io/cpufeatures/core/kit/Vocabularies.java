package io.cpufeatures.core.kit;

import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.kit.FeatureVocabulary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An architecture's vocabulary, built from its tables: the feature table's canonical names and aliases,
 * the policy table's flags, and the groups and {@code jvm.*} gates it names. It needs none of the other tables,
 * so that every module on the class path lends its names without building its dependency closure, errata or dump
 * formats: those are built on the first decoding of one of its CPUs.
 */
public final class Vocabularies {

    private Vocabularies() {
    }

    /**
     * The vocabulary of one architecture.
     *
     * @param <F>           the feature enum
     * @param architecture  the architecture's name ({@code x86_64}); not null
     * @param features      its feature table; not null
     * @param policyFlags   the flags of its policy table, in table order; not null
     * @param groups        each group's name to its members' canonical names, in order; not null
     * @param gates         the architecture's own {@code jvm.*} gates, in report order; not null
     * @param gatesBeside   for each feature that has them, the gates that decide whether Java code gets to use it
     *                      (core gates may be named), in any order: the vocabulary lists them in table order; not null
     * @param acceptedNames what names are accepted, with examples, for an unknown name's error; not null
     * @return the vocabulary; immutable
     */
    public static <F extends Enum<F> & FeatureRow> FeatureVocabulary of(String architecture, FeatureTable<F> features,
            List<String> policyFlags, Map<String, List<String>> groups, List<JvmGate> gates, Map<F, List<String>> gatesBeside,
            String acceptedNames) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        Map<String, List<String>> beside = new LinkedHashMap<>();
        for (F f : features.values()) {
            names.put(f.canonicalName(), f.aliases());
            List<String> gatesOfF = gatesBeside.get(f);
            if (gatesOfF != null) {
                beside.put(f.canonicalName(), List.copyOf(gatesOfF));
            }
        }
        return new TableVocabulary(Objects.requireNonNull(architecture, "architecture"), Collections.unmodifiableMap(names),
                List.copyOf(policyFlags),
                Collections.unmodifiableMap(new LinkedHashMap<>(groups)), List.copyOf(gates),
                Collections.unmodifiableMap(beside), Objects.requireNonNull(acceptedNames, "acceptedNames"));
    }

    private record TableVocabulary(String architecture, Map<String, List<String>> features, List<String> policyFlags,
            Map<String, List<String>> groups, List<JvmGate> jvmGates, Map<String, List<String>> jvmGatesOf,
            String acceptedNames) implements FeatureVocabulary {
    }
}
