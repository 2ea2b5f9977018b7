package io.cpufeatures.core.kit;

import java.util.List;

/**
 * One row of an architecture's feature table, implemented by the constants of its feature enum: the
 * names a feature answers to and the family a report lists it under ({@link FeatureNames}). Where the
 * CPU reports it (a CPUID bit, an ID-register field, a HWCAP bit) is the architecture's own;
 * {@link #where} says it in words.
 */
public interface FeatureRow {

    /** {@return its names and family} */
    FeatureNames names();

    /** {@return the canonical name: lower case, as the OS prints it where it does ({@code avx2}, {@code sveaes})} */
    default String canonicalName() {
        return names().canonicalName();
    }

    /** {@return the other spellings accepted for it, lower case; possibly empty} */
    default List<String> aliases() {
        return names().aliases();
    }

    /** {@return where the CPU reports it, as docs and traces write it ({@code CPUID.0x7:EBX[5]}, a HWCAP bit)} */
    String where();

    /** {@return the family a report lists it under ({@code AVX-512}, {@code crypto}), one of its table's families} */
    default String family() {
        return names().family();
    }
}
