package io.cpufeatures.core;

/**
 * Where the answer of a report came from. Every kind a report can carry is listed here, and each
 * has the stable identifier reports and JSON use.
 */
public enum SourceKind {
    /** The CPU's own instructions executed in this process (CPUID and XGETBV on x86). */
    NATIVE("native"),
    /** A dump file, in a format one of the architecture modules reads. */
    FILE("file"),
    /** The Linux kernel's {@code /proc/cpuinfo}: the kernel's view, not the CPU's. */
    PROC_CPUINFO("proc-cpuinfo"),
    /** A CPU described in code (the emulation API, a test), not read from any machine. */
    EMULATED("emulated"),
    /**
     * The JVM's own view, where no source of the machine worked: the features the HotSpot flags show the JVM
     * detected and enabled, and those every CPU of the architecture has; everything else unknown.
     */
    JVM("jvm"),
    /** No CPU information: the architecture's name and the JVM's view only. */
    NONE("none");

    private final String id;

    SourceKind(String id) {
        this.id = id;
    }

    /** {@return the stable identifier in reports and JSON ({@code native}, {@code proc-cpuinfo}...)} */
    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return id;
    }
}
