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
 * instance as a parameter (of the service type, or {@link CandidateUnderTest}). Candidates this
 * machine cannot run are reported as skipped, with the reason. So every path is tested on every
 * machine that can run it, whatever the process-wide choice.
 *
 * <pre>{@code
 * @ForEachCandidate("raid.xor")
 * void matchesScalar(XorKernel kernel) { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@TestTemplate
@ExtendWith(ForEachCandidateExtension.class)
public @interface ForEachCandidate {

    /** The dispatch point's name (a {@link io.cpufeatures.dispatch.DispatchPointProvider} must list it). */
    String value();
}
