package io.cpufeatures.x86.policy;

import java.util.Objects;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The policy table: every flag of the preferred layer, as a row with its rule, text and citation. */
public final class PolicyRules {

    private static final List<PolicyRule> TABLE = List.of(
            new PolicyRule(PolicyFlag.PREFER_YMM, "prefer 256-bit code",
                    "Intel family 6 models " + PreferYmmPolicy.MODELS.stream().sorted()
                            .map(m -> String.format(Locale.ROOT, "0x%02X", m)).collect(Collectors.joining(", ")) + ", any stepping",
                    "Linux arch/x86/kernel/cpu/intel.c zmm_exclusion_list (\"x86: move zmm exclusion list into CPU"
                            + " feature flag\", v6.15): these parts downclock on 512-bit instructions",
                    PreferYmmPolicy::preferYmm));

    private PolicyRules() {
    }

    /** {@return every row, in table order; immutable} */
    public static List<PolicyRule> table() {
        return TABLE;
    }

    /**
     * The row of {@code flag}.
     *
     * @param flag the flag; not null
     * @return its rule (every flag has exactly one)
     */
    public static PolicyRule of(PolicyFlag flag) {
        Objects.requireNonNull(flag, "flag");
        return TABLE.stream().filter(r -> r.flag() == flag).findFirst().orElseThrow();
    }

    /**
     * The row of the flag whose canonical name is {@code name}, if there is one.
     *
     * @param name a canonical flag name, e.g. {@code prefer_ymm}, matched exactly; not null
     * @return the rule; empty if no flag has that name
     */
    public static Optional<PolicyRule> named(String name) {
        Objects.requireNonNull(name, "name");
        return TABLE.stream().filter(r -> r.flag().canonicalName().equals(name)).findFirst();
    }
}
