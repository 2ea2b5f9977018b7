package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.trace.Trace;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What an architecture module decoded of one CPU, in canonical names: the present, usable and policy
 * layers, the trace of every feature and policy flag, and the description reports print.
 * Implementations are immutable; names passed in are canonical names of this architecture's
 * vocabulary (the core resolves spellings before it asks).
 */
public interface DecodedCpu {

    /** {@return the architecture ({@code x86_64}), as reports and snapshots name it} */
    String architecture();

    /** {@return the canonical names of the features the CPU reports, usable or not} */
    Set<String> presentNames();

    /** {@return the canonical names of the features a program may use} */
    Set<String> usableNames();

    /** {@return for each present feature that is not usable, by canonical name, its reasons, root reason first} */
    Map<String, List<Reason>> notUsableByName();

    /**
     * Why the feature or policy flag with this canonical name does not hold (absent, present and not
     * usable, a policy that does not apply); empty when it holds.
     *
     * @param canonicalName the canonical name of a feature or policy flag of this architecture
     * @return the reasons, root reason first; empty when it holds
     */
    List<Reason> reasons(String canonicalName);

    /** {@return the names of the policy flags that apply ({@code prefer_ymm})} */
    Set<String> policyFlags();

    /**
     * Whether {@code name}, exactly the canonical name of a feature or a policy flag of this CPU's architecture, holds:
     * the facade's first question, answered without any index of names.
     *
     * @param name a name as the caller spelt it; not null
     * @return whether it holds; null when it is no such name (an alias, a group, a {@code jvm.*} name, another
     *         architecture's, a misspelling: the facade resolves it then). By default: true for a usable feature or a
     *         policy flag that applies, null otherwise
     */
    default Boolean answer(String name) {
        return usableNames().contains(name) || policyFlags().contains(name) ? Boolean.TRUE : null;
    }

    /**
     * How the verdict on this feature or policy flag was reached, layer by layer; empty for a name of
     * another architecture, or when nothing is known of the CPU. A feature's trace leaves its
     * {@code jvm} gates empty: the core fills them from the JVM view.
     *
     * @param canonicalName the canonical name of a feature or policy flag
     * @return the trace, or empty as above
     */
    Optional<Trace> trace(String canonicalName);

    /**
     * The same CPU with these canonical feature names removed (remove-only, through dependencies).
     *
     * @param canonicalNames canonical names of features of this architecture
     * @return a new instance in which those features and what depends on them are not usable, each with
     *         the reason "disabled"; this one is unchanged
     */
    DecodedCpu without(Set<String> canonicalNames);

    /** {@return identity facts (vendor, brand, microarchitecture...), by label, in display order} */
    Map<String, String> identityFacts();

    /**
     * What reports print of this CPU, standing for {@code logicalCpus} logical CPUs.
     *
     * @param logicalCpus how many logical CPUs of this kind the report stands for
     * @return the description
     */
    CpuDescription describe(int logicalCpus);

    /** {@return the raw snapshot this was decoded from, if there is one (none when nothing is known)} */
    Optional<CpuSnapshot> decodedFrom();

    /**
     * {@return this CPU decoded from the whole of its snapshot: this one, unless part of the snapshot is read only when
     * first asked (arm64's ID registers under Linux, through JNA). {@code has()} and the JVM gates answer from this
     * one; the present features, reasons, traces, description and facts from the detailed one}
     */
    default DecodedCpu detailed() {
        return this;
    }

    /**
     * {@return the list of the architecture's own facts about the CPU, each of its own type (x86: its
     * {@code CpuidSnapshot}, {@code CpuIdentity}, {@code Xcr0State}), as {@code CpuFeatures.unwrap}
     * looks them up by type; empty when nothing is known}
     */
    default List<Object> facts() {
        return List.of();
    }

    /**
     * {@return the caches of this CPU as it reports them, by level (L1d, L1i, L2, L3...); empty when its
     * architecture or source says nothing of them}
     */
    default List<CpuCache> caches() {
        return List.of();
    }

    /**
     * {@return the core type of this CPU when it is one kind of core of a hybrid part ({@code performance},
     * {@code efficiency}); empty for a part whose cores are all of one type, and for the combined
     * answer of several core types}
     */
    default boolean namesItsCore() {
        return coreType().isPresent();
    }

    /**
     * {@return the core type this CPU is, when it is one core type of a hybrid machine; empty otherwise}
     */
    default Optional<String> coreType() {
        return Optional.empty();
    }
}
