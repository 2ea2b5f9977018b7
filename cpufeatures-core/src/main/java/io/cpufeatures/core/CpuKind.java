package io.cpufeatures.core;

import java.util.Objects;

/**
 * One kind of CPU of a machine or a dump, and the logical CPUs it stands for: a hybrid part's core
 * type, a big.LITTLE cluster, or every logical CPU of a machine whose cores are all alike. What the
 * kind is held as depends on the stage: a raw snapshot when a dump is parsed or a probe reads the
 * cores, a decoded CPU after.
 *
 * @param <T>             what the kind is held as: a {@link CpuSnapshot}, an architecture's decoding, the
 *                        facade's report
 * @param cpu             the kind itself (for a dump, its first logical CPU's)
 * @param logicalCpus     how many logical CPUs are of this kind
 * @param firstLogicalCpu the 0-based position of the first of them (in a dump, in file order; on this
 *                        machine, the lowest CPU number of the kind, or 0 when not known)
 */
public record CpuKind<T>(T cpu, int logicalCpus, int firstLogicalCpu) {

    /**
     * Validates the parts.
     *
     * @param cpu             the kind; not null
     * @param logicalCpus     how many logical CPUs are of this kind, at least 1
     * @param firstLogicalCpu the position of the first of them, at least 0
     * @throws IllegalArgumentException if {@code logicalCpus} is below 1 or {@code firstLogicalCpu} below 0
     */
    public CpuKind {
        Objects.requireNonNull(cpu, "cpu");
        if (logicalCpus < 1 || firstLogicalCpu < 0) {
            throw new IllegalArgumentException("a kind of CPU stands for at least one logical CPU (not " + logicalCpus
                    + ") from a position of at least 0 (not " + firstLogicalCpu + ")");
        }
    }

    /**
     * The same logical CPUs, held as {@code other}.
     *
     * @param <U>   what the kind is held as now
     * @param other the kind at the next stage (decoded from this one); not null
     * @return a kind with the same counts
     */
    public <U> CpuKind<U> as(U other) {
        return new CpuKind<>(other, logicalCpus, firstLogicalCpu);
    }
}
