package io.cpufeatures.core.trace;

/** Where a CPU feature ends up. */
public enum Verdict {
    /** Present and usable: a program may use it. */
    USABLE,
    /** The CPU reports it, but a layer refuses it (OS state, dependency, erratum, user mask). */
    NOT_USABLE,
    /** The CPU does not report it. */
    NOT_PRESENT
}
