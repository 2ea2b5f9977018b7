package io.cpufeatures.core.kit;

import java.util.Objects;

/**
 * Where a rule of a table comes from: another project's table ({@code Linux cpuid-deps.c}), or this
 * project ({@link #ours()}), in which case each of its rows says why.
 *
 * @param label how reports and docs name the origin ({@code GCC aarch64-option-extensions.def})
 * @param ours  whether the rule is this project's own, so that its row must give a reason
 */
public record RuleOrigin(String label, boolean ours) {

    /** The origin of this project's own rules. */
    public static final RuleOrigin CPUFEATURES = new RuleOrigin("cpufeatures", true);

    /**
     * Validates the parts.
     *
     * @param label how reports name the origin; not null, not blank
     * @param ours  whether the rule is this project's own
     * @throws IllegalArgumentException if the label is blank
     */
    public RuleOrigin {
        Objects.requireNonNull(label, "label");
        if (label.isBlank()) {
            throw new IllegalArgumentException("an origin has a name");
        }
    }

    /**
     * A rule taken from another project's table.
     *
     * @param label the table, as reports name it ({@code Linux cpuid-deps.c}); not null
     * @return the origin
     */
    public static RuleOrigin from(String label) {
        return new RuleOrigin(label, false);
    }
}
