package io.cpufeatures.aarch64.raw;

import io.cpufeatures.core.SourceKind;
import java.util.Objects;

/**
 * Where an AArch64 snapshot came from.
 *
 * @param kind   the kind of source
 * @param detail what exactly: the probe and how each part was read, the file and logical CPU...
 */
public record SnapshotSource(SourceKind kind, String detail) {

    /** Validates both parts. */
    public SnapshotSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        if (kind == SourceKind.NONE) {
            throw new IllegalArgumentException("a snapshot has a source; NONE is the kind of a report without one");
        }
    }

    /** A snapshot read from a file; {@code detail} says which file and CPU of it. */
    public static SnapshotSource file(String detail) {
        return new SnapshotSource(SourceKind.FILE, detail);
    }

    /** A snapshot built in code (the emulation API, a test); {@code detail} says what it stands for. */
    public static SnapshotSource emulated(String detail) {
        return new SnapshotSource(SourceKind.EMULATED, detail);
    }

    @Override
    public String toString() {
        return kind.id() + " (" + detail + ")";
    }
}
