package io.cpufeatures.dispatch;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What an implementation needs from the CPU and the JIT: every name in {@link #value()} must hold
 * (a usable feature, a {@code jvm.*} feature, a policy flag), at least one name in {@link #anyOf()}
 * must hold when it names any, and no name in {@link #absent()} may hold. Names are canonical names,
 * aliases or groups ({@code avx512-core}, {@code x86-64-v3}) of the architecture modules on the class
 * path; they are validated when the implementation is registered, so a typo is an error naming the
 * class, the attribute and the closest valid names, never "unsupported".
 *
 * <p>Repeatable (all must hold: each annotation's {@code anyOf} is an any-of requirement of its own), and usable
 * as a meta-annotation: an annotation type carrying {@code @RequiresFeature} adds its requirements to
 * every class it annotates.
 *
 * <pre>{@code
 * @RequiresFeature(value = {"avx512f", "jvm.vector512"}, absent = "prefer_ymm")
 * final class Vector512Xor implements XorKernel { ... }
 *
 * // 512-bit byte vectors: AVX-512BW on x86, SVE on AArch64 (jvm.vector512 then needs a 512-bit vector length)
 * @RequiresFeature(value = "jvm.vector512", anyOf = {"avx512bw", "sve"})
 * final class Vector512Utf8 implements Utf8Validator { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Repeatable(RequiresFeatures.class)
public @interface RequiresFeature {

    /** {@return the names that must all hold} */
    String[] value() default {};

    /**
     * {@return the names of which at least one must hold, when there are any (a group holds when all its members
     * do); the explanation says which held, or why none did}
     */
    String[] anyOf() default {};

    /** {@return the names that must not hold (policy flags such as {@code prefer_ymm}, or features)} */
    String[] absent() default {};
}
