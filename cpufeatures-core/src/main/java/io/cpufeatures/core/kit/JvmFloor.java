package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.kit.NoCpuInformation;
import io.cpufeatures.core.trace.Trace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The floor under every probe: when no source of the machine worked (an OS without a probe, a sandbox that
 * refuses executable memory, a missing symbol), the report of what the JVM itself knows. HotSpot detected the
 * CPU before {@code main} and its flags say what it enabled: a feature is known usable when one of the
 * flag-based {@code jvm.*} gates the architecture puts beside it holds ({@code UseAVX >= 2} beside avx2,
 * {@code UseSVE >= 1} beside sve, {@code UseLSE} beside atomics: HotSpot sets them only after checking the CPU
 * and the OS), or when every CPU of the architecture has it (x86-64's psABI baseline, AArch64's FP and Advanced
 * SIMD). Every other feature is unknown, never "absent": its reason says which flag did not say it, or that the
 * JVM's view does not cover it. A feature a user turned off with a flag ({@code -XX:UseAVX=1}) reads unknown
 * too, as it must: the floor answers what this JVM will run.
 */
public final class JvmFloor implements DecodedCpu {

    private final String architecture;
    private final Set<String> usable;
    private final Map<String, String> basis;
    private final Map<String, String> unknownBecause;
    private final String flagsRead;
    private final Set<String> disabled;

    private JvmFloor(String architecture, Set<String> usable, Map<String, String> basis, Map<String, String> unknownBecause,
            String flagsRead, Set<String> disabled) {
        this.architecture = architecture;
        this.usable = Collections.unmodifiableSet(usable);
        this.basis = Collections.unmodifiableMap(basis);
        this.unknownBecause = Collections.unmodifiableMap(unknownBecause);
        this.flagsRead = flagsRead;
        this.disabled = Collections.unmodifiableSet(disabled);
    }

    /**
     * The floor of an architecture, from a JVM's view.
     *
     * @param architecture the architecture's name; not null
     * @param vocabulary   its names and the {@code jvm.*} gates beside its features; not null
     * @param baseline     the canonical names of the features every CPU of the architecture has; not null
     * @param jvm          the JVM's view; not null
     * @return the report
     */
    public static JvmFloor of(String architecture, FeatureVocabulary vocabulary, Set<String> baseline, JvmView jvm) {
        Objects.requireNonNull(architecture, "architecture");
        Set<String> usable = new LinkedHashSet<>();
        Map<String, String> basis = new LinkedHashMap<>();
        Map<String, String> unknown = new LinkedHashMap<>();
        for (String b : baseline) {
            usable.add(b);
            basis.put(b, "every " + architecture + " CPU has it");
        }
        Map<String, JvmGate> gates = new LinkedHashMap<>();
        for (JvmGate g : vocabulary.jvmGates()) {
            gates.put(g.name(), g);
        }
        vocabulary.jvmGatesOf().forEach((feature, beside) -> {
            if (usable.contains(feature)) {
                return;
            }
            List<String> refused = new ArrayList<>();
            for (String name : beside) {
                JvmGate gate = gates.get(name);
                if (gate == null || gate.flag().isEmpty() || !jvm.names().contains(name)) {
                    continue; // a Vector API width gate says what C2 compiles, not what the CPU has
                }
                if (jvm.has(name)) {
                    usable.add(feature);
                    basis.put(feature, "the JVM enabled it: " + name + " (" + gate.flag().get() + "="
                            + jvm.flag(gate.flag().get()).orElse("?") + ")");
                    return;
                }
                refused.add(name + ": " + jvm.reasons(name).get(0).detail());
            }
            if (!refused.isEmpty()) {
                unknown.put(feature, String.join("; ", refused));
            }
        });
        StringBuilder flags = new StringBuilder();
        jvm.flags().forEach((k, v) -> flags.append(flags.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return new JvmFloor(architecture, usable, basis, unknown, flags.length() == 0 ? "no HotSpot flags readable" : flags.toString(),
                Set.of());
    }

    /** {@return the HotSpot flags the floor was read from, {@code name=value} separated by spaces} */
    public String flagsRead() {
        return flagsRead;
    }

    /**
     * Why a feature is known usable here.
     *
     * @param canonicalName the feature
     * @return the flag that showed it, or the architecture's baseline; empty if it is not known usable
     */
    public Optional<String> basis(String canonicalName) {
        return Optional.ofNullable(basis.get(canonicalName));
    }

    @Override
    public String architecture() {
        return architecture;
    }

    @Override
    public Set<String> presentNames() {
        return usable;
    }

    @Override
    public Set<String> usableNames() {
        return usable;
    }

    @Override
    public Map<String, List<Reason>> notUsableByName() {
        return Map.of();
    }

    @Override
    public List<Reason> reasons(String canonicalName) {
        if (usable.contains(canonicalName)) {
            return List.of();
        }
        if (disabled.contains(canonicalName)) {
            return List.of(new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable"));
        }
        String because = unknownBecause.get(canonicalName);
        return List.of(new Reason(ReasonKind.JVM, "unknown: no probe of this machine worked and the JVM's view "
                + (because == null ? "does not cover " + canonicalName : "does not show it (" + because + ")")));
    }

    @Override
    public Set<String> policyFlags() {
        return Set.of();
    }

    @Override
    public Optional<Trace> trace(String canonicalName) {
        return Optional.empty();
    }

    @Override
    public DecodedCpu without(Set<String> canonicalNames) {
        Set<String> kept = new LinkedHashSet<>(usable);
        kept.removeAll(canonicalNames);
        Map<String, String> b = new LinkedHashMap<>(basis);
        b.keySet().retainAll(kept);
        Set<String> off = new LinkedHashSet<>(disabled);
        off.addAll(canonicalNames);
        return new JvmFloor(architecture, kept, b, unknownBecause, flagsRead, off);
    }

    @Override
    public Map<String, String> identityFacts() {
        return Map.of("architecture", architecture);
    }

    @Override
    public CpuDescription describe(int logicalCpus) {
        return new CpuDescription(List.of(CpuDescription.Fact.line("architecture", architecture
                + " (from the JVM's view: " + usable.size() + " features known)", NoCpuInformation.ARCHITECTURE.is(architecture))),
                List.of(), List.of());
    }

    @Override
    public Optional<CpuSnapshot> decodedFrom() {
        return Optional.empty();
    }


    @Override
    public String toString() {
        return "JvmFloor[" + architecture + ", usable=" + usable + ", flags: " + flagsRead + "]";
    }
}
