package io.cpufeatures.dispatch.testing;

import java.util.Locale;

/**
 * What a {@link ForEachCandidate} invocation does with a candidate this machine cannot run. The
 * stricter of the annotation's {@link ForEachCandidate#whenUnavailable()} and the system property
 * {@value #PROPERTY} applies, so a CI build can demand more than the tests ask for, never less.
 */
public enum WhenUnavailable {

    /** Reports the invocation as skipped, with the unmet requirements (the default). */
    SKIP,

    /**
     * Fails the invocation when the JVM is what stops the candidate: every unmet requirement is a
     * {@code jvm.*} gate refused for a JVM reason (a module not resolved, a JIT flag), so a build that
     * forgot {@code --add-modules jdk.incubator.vector} fails instead of skipping its vector candidates
     * and staying green. A candidate the CPU or the OS cannot run (a feature absent or not enabled,
     * a policy flag such as {@code prefer_ymm}, a feature disabled on purpose) is still skipped, so
     * the build passes on any machine that is set up right.
     */
    FAIL_IF_JVM,

    /** Fails the invocation whatever stops the candidate: every candidate must run on this machine. */
    FAIL;

    /** The system property that raises every {@link ForEachCandidate}'s mode: {@code skip}, {@code fail-if-jvm} or {@code fail}. */
    public static final String PROPERTY = "cpufeatures.test.unavailable";

    /** The stricter of this and {@code other}. */
    WhenUnavailable atLeast(WhenUnavailable other) {
        return other.ordinal() > ordinal() ? other : this;
    }

    /**
     * The mode {@value #PROPERTY} names, or {@link #SKIP} when it is unset.
     *
     * @throws IllegalArgumentException naming the property, its value and what is accepted
     */
    static WhenUnavailable fromProperty(String value) {
        if (value == null || value.isBlank()) {
            return SKIP;
        }
        String v = value.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        return switch (v) {
            case "skip" -> SKIP;
            case "fail-if-jvm" -> FAIL_IF_JVM;
            case "fail" -> FAIL;
            default -> throw new IllegalArgumentException("-D" + PROPERTY + ": '" + value + "' is not accepted;"
                    + " accepted: skip, fail-if-jvm, fail");
        };
    }
}
