package io.cpufeatures.x86.raw;

import java.util.Objects;

/**
 * Where a snapshot came from.
 *
 * @param kind   the kind of source
 * @param detail a human-readable detail: the file and logical CPU, the probe used, ...
 */
public record SnapshotSource(Kind kind, String detail) {

    /** The kinds of source a snapshot can have. */
    public enum Kind {
        /** CPUID and XGETBV executed on this machine. */
        NATIVE("native"),
        /** A dump file in one of the formats the parsers read. */
        FILE("file"),
        /** The Linux kernel's /proc/cpuinfo flags. */
        PROC_CPUINFO("proc-cpuinfo"),
        /** Built in code, for example by a test. */
        SYNTHETIC("synthetic");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        /** The stable identifier used in reports ({@code native}, {@code file}...). */
        public String id() {
            return id;
        }
    }

    /** Validates both parts. */
    public SnapshotSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    /** A snapshot read from {@code file}; {@code detail} says which CPU of it. */
    public static SnapshotSource file(String detail) {
        return new SnapshotSource(Kind.FILE, detail);
    }

    /** A snapshot built in code. */
    public static SnapshotSource synthetic(String detail) {
        return new SnapshotSource(Kind.SYNTHETIC, detail);
    }

    @Override
    public String toString() {
        return kind.id() + " (" + detail + ")";
    }
}
