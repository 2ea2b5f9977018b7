package io.cpufeatures.core;

import java.util.List;
import java.util.Objects;

/**
 * Where an architecture's raw snapshot came from: the native probe, a fallback, a dump file or the
 * emulation API. Every architecture's snapshot carries one, so reports name their source alike.
 *
 * @param kind     the kind of source
 * @param detail   what exactly, in words: the probe and how each part was read, the file and logical CPU, ...
 * @param unstated what the source does not state that a native probe of the machine reads, each in a few words
 *                 ({@code XCR0}, {@code CPUID registers}): a kernel's text gives its own word for the features, not
 *                 the registers; empty when it states everything. Reports show it, so an answer the source could not
 *                 give is never mistaken for the machine's.
 */
public record SnapshotSource(SourceKind kind, String detail, List<String> unstated) {

    /**
     * Validates the parts.
     *
     * @param kind     the kind of source; not null, and not {@link SourceKind#NONE}
     * @param detail   a human-readable detail; not null
     * @param unstated what the source does not state; not null
     * @throws IllegalArgumentException if {@code kind} is {@code NONE}: a snapshot always has a source
     */
    public SnapshotSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        unstated = List.copyOf(unstated);
        if (kind == SourceKind.NONE) {
            throw new IllegalArgumentException("a snapshot has a source; NONE is the kind of a report without one");
        }
    }

    /**
     * A source that states everything a probe reads.
     *
     * @param kind   the kind of source; not null, and not {@link SourceKind#NONE}
     * @param detail a human-readable detail; not null
     * @throws IllegalArgumentException if {@code kind} is {@code NONE}
     */
    public SnapshotSource(SourceKind kind, String detail) {
        this(kind, detail, List.of());
    }

    /**
     * A snapshot read from a file; {@code detail} says which file and CPU of it.
     *
     * @param detail the file and logical CPU, e.g. {@code dump.txt logical CPU 3}; not null
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
