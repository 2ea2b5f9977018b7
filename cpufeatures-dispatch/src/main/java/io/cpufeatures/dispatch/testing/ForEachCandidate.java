package io.cpufeatures.dispatch.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test once per candidate of the dispatch point named {@link #value()}, with the candidate's
 * instance as a parameter (of the service type, or {@link CandidateUnderTest}). A candidate this
 * machine cannot run is reported as skipped with the reason, or fails the invocation naming what is
 * missing, as {@link #whenUnavailable()} and the system property {@value WhenUnavailable#PROPERTY}
 * say. A candidate that is eligible but cannot be made (its class cannot be linked: a Vector API class
 * whose requirements forgot {@code jvm.vector_api}, on a JVM without the module) always fails. So every
 * path is tested on every machine that can run it, whatever the process-wide choice, and a build that
 * cannot run one it should need not stay green.
 *
 * <pre>{@code
 * @ForEachCandidate(value = "raid.xor", whenUnavailable = WhenUnavailable.FAIL_IF_JVM)
 * void matchesScalar(XorKernel kernel) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@TestTemplate
@ExtendWith(ForEachCandidateExtension.class)
public @interface ForEachCandidate {

    /** {@return the dispatch point's name (a {@link io.cpufeatures.dispatch.DispatchPointProvider} must list it)} */
    String value();

    /**
     * {@return what to do with a candidate this machine cannot run; the system property
     * {@value WhenUnavailable#PROPERTY} can make it stricter}
     */
    WhenUnavailable whenUnavailable() default WhenUnavailable.SKIP;
}
