package io.cpufeatures.core.trace;

import java.util.Objects;

/**
 * An erratum that names a feature, and whether it applies to this CPU.
 *
 * @param id       its short name ({@code SKL052})
 * @param applies  whether it applies here
 * @param effect   what goes wrong, in one sentence
 * @param citation where it is documented
 */
public record ErratumCheck(String id, boolean applies, String effect, String citation) {

    /**
     * Validates the parts.
     *
     * @param id       its short name, e.g. {@code SKL052}; not null
     * @param applies  whether it applies here
     * @param effect   what goes wrong, in one sentence; not null
     * @param citation where it is documented; not null
     */
    public ErratumCheck {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(effect, "effect");
        Objects.requireNonNull(citation, "citation");
    }
}
