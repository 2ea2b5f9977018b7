package io.cpufeatures.core;

/**
 * Why a feature is not usable; every kind names one layer of the decision.
 */
public enum ReasonKind {
    /** The CPU does not report the feature at all. */
    NOT_PRESENT("absent"),
    /** The OS has not enabled the feature at all (it has not turned the extension on, or does not support it). */
    OS_SUPPORT("os"),
    /** The OS has not enabled the register state the feature needs (on x86, in XCR0). */
    REGISTER_STATE("register-state"),
    /** What the OS enabled could not be read or inferred, so the register state cannot be shown to be enabled. */
    REGISTER_STATE_UNKNOWN("register-state-unknown"),
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

    /** {@return a short, stable identifier for reports and JSON ({@code "register-state"}, {@code "dependency"}...)} */
    public String id() {
        return id;
    }
}
