package io.cpufeatures.core.spi;

import java.util.List;
import java.util.Objects;

/**
 * A dump file as an architecture module parsed it: its format, how many logical CPUs it lists, and
 * each distinct kind of CPU among them, decoded.
 *
 * @param format      the format's identifier ({@code cpuid_r})
 * @param logicalCpus the number of logical CPUs in the file
 * @param kinds       the distinct kinds, in order of first appearance
 */
public record DumpContents(String format, int logicalCpus, List<Kind> kinds) {

    /**
     * Validates and copies the parts.
     *
     * @param format      the format's identifier, e.g. {@code cpuid_r}; not null
     * @param logicalCpus the number of logical CPUs in the file
     * @param kinds       the distinct kinds, in order of first appearance; not null
     * @throws IllegalArgumentException if {@code kinds} is empty, or their logical CPUs do not add up to
     *                                  {@code logicalCpus}
     */
    public DumpContents {
        Objects.requireNonNull(format, "format");
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty() || kinds.stream().mapToInt(Kind::logicalCpus).sum() != logicalCpus) {
            throw new IllegalArgumentException("a dump has at least one kind of CPU, and their counts add up to "
                    + logicalCpus);
        }
    }

    /**
     * One kind of CPU of a dump.
     *
     * @param decoded         the decoded CPU and its source (the file and logical CPU)
     * @param logicalCpus     how many logical CPUs of the file are of this kind
     * @param firstLogicalCpu the 0-based position in the file of the first of them
     */
    public record Kind(CpuFeaturesProvider.ProbeResult decoded, int logicalCpus, int firstLogicalCpu) {

        /**
         * Validates the parts.
         *
         * @param decoded         the decoded CPU and its source; not null
         * @param logicalCpus     how many logical CPUs of the file are of this kind, at least 1
         * @param firstLogicalCpu the 0-based position in the file of the first of them
         * @throws IllegalArgumentException if {@code logicalCpus} is less than 1 or {@code firstLogicalCpu} negative
         */
        public Kind {
            Objects.requireNonNull(decoded, "decoded");
            if (logicalCpus < 1 || firstLogicalCpu < 0) {
                throw new IllegalArgumentException("logicalCpus must be >= 1 and firstLogicalCpu >= 0");
            }
        }
    }
}
