package io.cpufeatures.core.spi;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.ProbeSource;
import java.util.List;
import java.util.Optional;

/**
 * An architecture module, found with {@link java.util.ServiceLoader}: it probes the running CPU
 * and decodes snapshots of its architecture.
 */
public interface CpuFeaturesProvider {

    /** The architecture it handles ({@code x86_64}). */
    String architecture();

    /** Whether it can probe a JVM whose {@code os.arch} is {@code osArch}. */
    boolean runsOn(String osArch);

    /**
     * Probes the running CPU, honouring the overrides, falling back to weaker sources when a better
     * one fails (never crashing the JVM), and recording each failure.
     *
     * @throws io.cpufeatures.core.CpuFeaturesConfigurationException for a bad override
     */
    ProbeResult probe(ProbeSettings settings);

    /** Decodes {@code snapshot} if it is of this architecture, with where the snapshot came from. */
    Optional<ProbeResult> decode(CpuSnapshot snapshot);

    /** The canonical name of {@code name} (any accepted spelling), without a CPU at hand. */
    Optional<String> canonicalName(String name);

    /** Every canonical feature and policy-flag name of the architecture, in table order. */
    List<String> canonicalNames();

    /** The closest valid names to an unknown {@code name}. */
    List<String> suggestions(String name);

    /**
     * The result of a probe.
     *
     * @param features what was found
     * @param source   where it came from and what failed first
     */
    record ProbeResult(ArchitectureFeatures features, ProbeSource source) {
    }
}
