package io.cpufeatures.x86.dump;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.x86.CpuidSnapshot;
import java.util.List;
import java.util.Objects;

/**
 * A parsed dump file: its format, how many logical CPUs it lists and the distinct kinds of CPU
 * among them (a hybrid part has two or more), in file order.
 *
 * @param file           the file name as given to the reader
 * @param format         the register format found in the file
 * @param libcpuidTest   whether the dump sat in a libcpuid {@code .test} file (dump, a line of 80
 *                       dashes, then libcpuid's expected values, which are not read)
 * @param logicalCpus    the number of logical CPUs in the file
 * @param kinds          the distinct CPUs, in order of first appearance, each its first logical CPU's snapshot
 */
public record CpuidDump(String file, DumpFormat format, boolean libcpuidTest, int logicalCpus, List<CpuKind<CpuidSnapshot>> kinds) {

    /**
     * Validates and copies the parts.
     *
     * @param file         the file name as given to the reader; not null
     * @param format       the register format found in the file; not null
     * @param libcpuidTest whether the dump sat in a libcpuid {@code .test} file
     * @param logicalCpus  the number of logical CPUs in the file
     * @param kinds        the distinct CPUs, in order of first appearance; not null
     * @throws IllegalArgumentException if there is no kind, or the kinds' counts do not add up to
     *                                  {@code logicalCpus}
     */
    public CpuidDump {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a dump has at least one CPU");
        }
        if (kinds.stream().mapToInt(CpuKind::logicalCpus).sum() != logicalCpus) {
            throw new IllegalArgumentException("the kinds' sizes do not add up to " + logicalCpus);
        }
    }
}
