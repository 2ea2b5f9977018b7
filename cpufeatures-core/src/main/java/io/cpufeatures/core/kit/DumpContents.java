package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuSnapshot;
import java.util.List;
import java.util.Objects;

/**
 * A dump file as an architecture module parsed it, not yet decoded: its format, how many logical CPUs it
 * lists, and each distinct kind of CPU among them as a snapshot.
 *
 * @param format      the format's identifier ({@code cpuid_r})
 * @param logicalCpus the number of logical CPUs in the file
 * @param kinds       the distinct kinds, in order of first appearance
 */
public record DumpContents(String format, int logicalCpus, List<CpuKind<CpuSnapshot>> kinds) {

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
        if (kinds.isEmpty() || kinds.stream().mapToInt(CpuKind::logicalCpus).sum() != logicalCpus) {
            throw new IllegalArgumentException("a dump has at least one kind of CPU, and their counts add up to "
                    + logicalCpus);
        }
    }
}
