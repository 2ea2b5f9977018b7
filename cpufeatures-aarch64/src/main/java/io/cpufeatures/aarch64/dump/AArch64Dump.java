package io.cpufeatures.aarch64.dump;

import io.cpufeatures.aarch64.raw.AArch64Snapshot;
import java.util.List;
import java.util.Objects;

/**
 * A parsed AArch64 dump: how many logical CPUs it lists and the distinct kinds of CPU among them (a
 * big.LITTLE part has two or more), in file order.
 *
 * @param file        the file name as given to the reader
 * @param logicalCpus the number of logical CPUs in the file
 * @param groups      the distinct CPUs, in order of first appearance
 */
public record AArch64Dump(String file, int logicalCpus, List<Group> groups) {

    /**
     * Validates and copies the parts.
     *
     * @param file        the file name as given to the reader; not null
     * @param logicalCpus the number of logical CPUs in the file: the groups' counts added up
     * @param groups      the distinct CPUs, in order of first appearance, at least one; not null, and no group in it
     *                    null
     * @throws IllegalArgumentException if there is no group, or the groups' counts do not add up to
     *                                  {@code logicalCpus}
     */
    public AArch64Dump {
        Objects.requireNonNull(file, "file");
        groups = List.copyOf(groups);
        if (groups.isEmpty() || groups.stream().mapToInt(Group::count).sum() != logicalCpus) {
            throw new IllegalArgumentException("a dump has at least one CPU, and its groups add up to " + logicalCpus);
        }
    }

    /**
     * Logical CPUs of one dump that are the same kind of CPU: every recorded value equal.
     *
     * @param snapshot        the snapshot of the first of them
     * @param count           how many logical CPUs the group has
     * @param firstLogicalCpu the 0-based position in the file of the first of them
     */
    public record Group(AArch64Snapshot snapshot, int count, int firstLogicalCpu) {

        /**
         * Validates the parts.
         *
         * @param snapshot        the snapshot of the first of them; not null
         * @param count           how many logical CPUs the group has, at least 1
         * @param firstLogicalCpu the 0-based position in the file of the first of them, at least 0
         * @throws IllegalArgumentException if {@code count} is below 1 or {@code firstLogicalCpu} below 0
         */
        public Group {
            Objects.requireNonNull(snapshot, "snapshot");
            if (count < 1 || firstLogicalCpu < 0) {
                throw new IllegalArgumentException("count must be >= 1 and firstLogicalCpu >= 0");
            }
        }
    }
}
