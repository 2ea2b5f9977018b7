package io.cpufeatures.core;

/**
 * Why a feature is not usable; every kind names one layer of the decision.
 */
public enum ReasonKind {
    /** The CPU does not report the feature at all. */
    NOT_PRESENT("absent"),
    /** The OS has not enabled the feature at all (for example CPUID.1:ECX.OSXSAVE is clear). */
    OS_SUPPORT("os"),
    /** The OS has not enabled the register state the feature needs in XCR0. */
    XSAVE_STATE("xcr0"),
    /** XCR0 could not be read or inferred, so the register state cannot be shown to be enabled. */
    XSAVE_STATE_UNKNOWN("xcr0-unknown"),
    /**
     * The OS enabled the state, but lets a process use it only after the process asks (Linux: AMX tile
     * data needs {@code arch_prctl(ARCH_REQ_XCOMP_PERM)} first), and this process has not, or was refused.
     */
    OS_PERMISSION("permission"),
    /** A feature it depends on is not usable (the Linux {@code cpuid-deps.c} rule). */
    DEPENDENCY("dependency"),
    /** A documented erratum makes the CPUID bit untrustworthy on this part. */
    ERRATUM("erratum"),
    /** The user removed it with {@code cpufeatures.disable}. */
    DISABLED("disabled"),
    /** The JVM will not compile code that uses it (a HotSpot flag or a missing module). */
    JVM("jvm");

    private final String id;

    ReasonKind(String id) {
        this.id = id;
    }

    /** {@return a short, stable identifier for reports and JSON ({@code "xcr0"}, {@code "dependency"}...)} */
    public String id() {
        return id;
    }
}
