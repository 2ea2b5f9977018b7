package io.cpufeatures.x86.raw;

import io.cpufeatures.core.SourceKind;
import java.util.Objects;

/**
 * Where a snapshot came from.
 *
 * @param kind   the kind of source
 * @param detail a human-readable detail: the file and logical CPU, the probe used, ...
 */
public record SnapshotSource(SourceKind kind, String detail) {

    /**
     * Validates both parts.
     *
     * @param kind   the kind of source; not null, and not {@link SourceKind#NONE}
     * @param detail a human-readable detail; not null
     * @throws IllegalArgumentException if {@code kind} is {@code NONE}: a snapshot always has a source
     */
    public SnapshotSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        if (kind == SourceKind.NONE) {
            throw new IllegalArgumentException("a snapshot has a source; NONE is the kind of a report without one");
        }
    }

    /**
     * A snapshot read from a file; {@code detail} says which file and CPU of it.
     *
     * @param detail the file and logical CPU, e.g. {@code dump.txt, CPU 3}; not null
     * @return the source, of kind {@link SourceKind#FILE}
     */
    public static SnapshotSource file(String detail) {
        return new SnapshotSource(SourceKind.FILE, detail);
    }

    /**
     * A snapshot built in code (the emulation API, a test); {@code detail} says what it stands for.
     *
     * @param detail what the snapshot stands for, e.g. a reference CPU's name; not null
     * @return the source, of kind {@link SourceKind#EMULATED}
     */
    public static SnapshotSource emulated(String detail) {
        return new SnapshotSource(SourceKind.EMULATED, detail);
    }

    @Override
    public String toString() {
        return kind.id() + " (" + detail + ")";
    }
}
