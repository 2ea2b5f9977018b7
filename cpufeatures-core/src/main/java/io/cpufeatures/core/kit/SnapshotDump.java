package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.CpuSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A parsed dump, not yet decoded: its logical CPUs, identical ones one kind, in file order.
 *
 * @param <S>         the architecture's snapshot
 * @param file        the file's name as given
 * @param format      the format's identifier
 * @param logicalCpus the number of logical CPUs in the file
 * @param kinds       the distinct kinds, in order of first appearance, each its first logical CPU's snapshot
 */
public record SnapshotDump<S extends CpuSnapshot>(String file, String format, int logicalCpus, List<CpuKind<S>> kinds) {

    /**
     * Validates and copies the parts.
     *
     * @param file        the file's name; not null
     * @param format      the format's identifier; not null
     * @param logicalCpus the number of logical CPUs: the kinds' counts added up
     * @param kinds       the distinct kinds, at least one; not null
     * @throws IllegalArgumentException if there is no kind, or their counts do not add up to {@code logicalCpus}
     */
    public SnapshotDump {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty() || kinds.stream().mapToInt(CpuKind::logicalCpus).sum() != logicalCpus) {
            throw new IllegalArgumentException("a dump has at least one CPU, and its kinds add up to " + logicalCpus);
        }
    }

    /** {@return the same dump, its kinds seen as the core reads them: snapshots to decode} */
    public SnapshotDump<CpuSnapshot> widened() {
        List<CpuKind<CpuSnapshot>> list = new ArrayList<>();
        for (CpuKind<S> k : kinds) {
            list.add(k.as(k.cpu()));
        }
        return new SnapshotDump<>(file, format, logicalCpus, list);
    }

}
