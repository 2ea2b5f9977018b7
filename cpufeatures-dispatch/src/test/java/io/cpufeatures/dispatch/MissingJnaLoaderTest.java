package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * A loader's failure is JNA's refusal only where JNA is absent and the failure is a class of JNA not found; here JNA is
 * on the class path, so it stays the variant's own failure (the absent case runs in a fresh JVM:
 * {@code NativeCacheRefusalsTest.aProcessWithoutJnaPassesVariantsThatBindThroughItOverOnceNamingTheDependency}).
 */
class MissingJnaLoaderTest {

    @Test
    void aMissingClassOfJnaWhereJnaIsPresentIsTheVariantsOwnFailure() {
        assertNull(NativeLoading.missingJna(new NoClassDefFoundError("com/sun/jna/Native")));
        assertNull(NativeLoading.missingJna(new RuntimeException(new NoClassDefFoundError("com/sun/jna/Function"))));
    }

    @Test
    void anyOtherFailureIsNotJnas() {
        assertNull(NativeLoading.missingJna(new NoClassDefFoundError("org/example/Missing")));
        assertNull(NativeLoading.missingJna(new UnsatisfiedLinkError("libx.so: cannot open shared object file")));
        Throwable loop = new RuntimeException();
        assertNull(NativeLoading.missingJna(loop));
    }
}
