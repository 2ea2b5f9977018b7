package io.cpufeatures.core.trace;

import java.util.Objects;

/**
 * One layer's check of a feature, as its architecture words it: the CPUID bit and its value, the
 * register state the OS must have enabled, the HWCAP bit the kernel sets...
 *
 * @param label what was checked, as a report labels it ({@code CPUID bit}, {@code OS state})
 * @param text  what was found, in one line
 * @param holds whether the check passed
 */
public record Check(String label, String text, boolean holds) {

    /**
     * Validates the parts.
     *
     * @param label what was checked, e.g. {@code CPUID bit}; not null
     * @param text  what was found, in one line; not null
     * @param holds whether the check passed
     */
    public Check {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(text, "text");
    }
}
