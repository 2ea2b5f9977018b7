package io.cpufeatures.core.spi;

import io.cpufeatures.core.Reason;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What an architecture module says about one CPU, in canonical feature names: the decoded
 * present, usable and policy layers. Implementations are immutable.
 */
public interface ArchitectureFeatures {

    /** The architecture ({@code x86_64}). */
    String architecture();

    /** Canonical names of the features the CPU reports. */
    Set<String> present();

    /** Canonical names of the features a program may use. */
    Set<String> usable();

    /** For each present feature that is not usable, its reasons, root reason first. */
    Map<String, List<Reason>> notUsable();

    /**
     * Why the feature or policy flag with this canonical name does not hold: absent, present and not
     * usable, or not a name of this architecture at all; empty when it holds.
     */
    List<Reason> reasons(String canonicalName);

    /** Names of the policy flags that apply ({@code prefer_ymm}). */
    Set<String> policyFlags();

    /** Every name this architecture accepts (canonical names, aliases, policy flags), to its canonical name. */
    Map<String, String> names();

    /** The canonical name of {@code name} (any spelling this architecture accepts), if it knows it. */
    Optional<String> canonicalName(String name);

    /** The closest valid names to an unknown {@code name}, nearest first. */
    List<String> suggestions(String name);

    /** The same CPU with these canonical feature names removed (remove-only, through dependencies). */
    ArchitectureFeatures without(Set<String> canonicalNames);

    /** Identity facts for reports: vendor, brand, microarchitecture..., in display order. */
    Map<String, String> identity();

    /** The architecture's own, richer description of the CPU (for x86, {@code X86CpuInfo}). */
    Object details();
}
