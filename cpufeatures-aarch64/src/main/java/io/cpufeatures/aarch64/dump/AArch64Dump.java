package io.cpufeatures.aarch64.dump;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.core.CpuKind;
import java.util.List;
import java.util.Objects;

/**
 * A parsed AArch64 dump: how many logical CPUs it lists and the distinct kinds of CPU among them (a
 * big.LITTLE part has two or more; logical CPUs are of one kind when every recorded value is equal), in
 * file order, not yet decoded.
 *
 * @param file        the file name as given to the reader
 * @param logicalCpus the number of logical CPUs in the file
 * @param kinds       the distinct CPUs, in order of first appearance, each its first logical CPU's snapshot
 */
public record AArch64Dump(String file, int logicalCpus, List<CpuKind<AArch64Snapshot>> kinds) {

    /**
     * Validates and copies the parts.
     *
     * @param file        the file name as given to the reader; not null
     * @param logicalCpus the number of logical CPUs in the file: the kinds' counts added up
     * @param kinds       the distinct CPUs, in order of first appearance, at least one; not null, and no kind in it
     *                    null
     * @throws IllegalArgumentException if there is no kind, or the kinds' counts do not add up to
     *                                  {@code logicalCpus}
     */
    public AArch64Dump {
        Objects.requireNonNull(file, "file");
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty() || kinds.stream().mapToInt(CpuKind::logicalCpus).sum() != logicalCpus) {
            throw new IllegalArgumentException("a dump has at least one CPU, and its kinds add up to " + logicalCpus);
        }
    }
}
