package io.cpufeatures.x86.rules;

import io.cpufeatures.core.kit.PolicyRule;
import io.cpufeatures.x86.PolicyFlag;
import io.cpufeatures.x86.rules.RuleInput;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The policy table: every flag of the preferred layer, as a row with its rule, text and citation. */
public final class PolicyRules {

    private static final List<PolicyRule<RuleInput>> TABLE = List.of(
            new PolicyRule<>(PolicyFlag.PREFER_YMM.canonicalName(), "prefer 256-bit code",
                    "Intel family 6 models " + PreferYmmPolicy.MODELS.stream().sorted()
                            .map(m -> String.format(Locale.ROOT, "0x%02X", m)).collect(Collectors.joining(", ")) + ", any stepping",
                    "Linux arch/x86/kernel/cpu/intel.c zmm_exclusion_list (\"x86: move zmm exclusion list into CPU"
                            + " feature flag\", v6.15): these parts downclock on 512-bit instructions",
                    in -> PreferYmmPolicy.preferYmm(in.identity())));

    private PolicyRules() {
    }

    /** {@return every row, in table order; immutable} */
    public static List<PolicyRule<RuleInput>> table() {
        return TABLE;
    }

}
