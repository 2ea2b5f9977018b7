package io.cpufeatures.dispatch;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names an implementation of a dispatch point and ranks it. The highest priority whose
 * requirements hold is selected; with calibration on, a {@link #bestWhenEligible()} candidate that
 * is eligible wins without being measured (Linux {@code xor}: "AVX will be the best; no need to try
 * others").
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Implementation {

    /**
     * {@return the candidate's name within its point ({@code vector512}): lower-case letters and digits, words
     * joined by {@code .}, {@code _} or {@code -}}
     */
    String name();

    /** {@return one line on what it uses} */
    String description() default "";

    /** {@return its rank: higher is tried first} */
    int priority() default 0;

    /** {@return whether, when eligible, it is taken without calibration: it is known to beat every other candidate} */
    boolean bestWhenEligible() default false;
}
