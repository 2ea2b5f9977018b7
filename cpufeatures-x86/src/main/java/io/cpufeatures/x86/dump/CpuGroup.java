package io.cpufeatures.x86.dump;

import io.cpufeatures.x86.raw.CpuidSnapshot;
import java.util.Objects;

/**
 * Logical CPUs of one dump that are the same kind of CPU, collapsed into one snapshot.
 *
 * @param snapshot        the snapshot of the first logical CPU of the group
 * @param count           how many logical CPUs the group has (at least 1)
 * @param firstLogicalCpu the 0-based position in the file of the first logical CPU of the group
 */
public record CpuGroup(CpuidSnapshot snapshot, int count, int firstLogicalCpu) {

    /**
     * Validates the parts.
     *
     * @param snapshot        the snapshot of the first logical CPU of the group; not null
     * @param count           how many logical CPUs the group has, at least 1
     * @param firstLogicalCpu the 0-based position in the file of the first of them, not negative
     * @throws IllegalArgumentException if {@code count} is less than 1 or {@code firstLogicalCpu} negative
     */
    public CpuGroup {
        Objects.requireNonNull(snapshot, "snapshot");
        if (count < 1 || firstLogicalCpu < 0) {
            throw new IllegalArgumentException("count must be >= 1 and firstLogicalCpu >= 0");
        }
    }
}
