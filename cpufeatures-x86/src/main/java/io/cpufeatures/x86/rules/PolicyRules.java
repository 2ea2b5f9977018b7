package io.cpufeatures.x86.rules;

import io.cpufeatures.core.kit.PolicyRule;
import io.cpufeatures.x86.PolicyFlag;
import io.cpufeatures.x86.rules.RuleInput;
import java.util.List;
import java.util.Locale;

/** The policy table: every flag of the preferred layer, as a row with its rule, text and citation. */
public final class PolicyRules {

    private static final List<PolicyRule<RuleInput>> TABLE = List.of(
            new PolicyRule<>(PolicyFlag.PREFER_YMM.canonicalName(), "prefer 256-bit code",
                    "Intel family 6 models " + models() + ", any stepping",
                    "Linux arch/x86/kernel/cpu/intel.c zmm_exclusion_list (\"x86: move zmm exclusion list into CPU"
                            + " feature flag\", v6.15): these parts downclock on 512-bit instructions",
                    new PreferYmm()));

    /** {@link PreferYmmPolicy}'s rule. A class, not a lambda: the first answer spins none. */
    private static final class PreferYmm implements java.util.function.Predicate<RuleInput> {
        @Override
        public boolean test(RuleInput in) {
            return PreferYmmPolicy.preferYmm(in.identity());
        }
    }

    /** The models on the list, in its ascending order, as {@code 0x55, 0x6A}. */
    private static String models() {
        StringBuilder b = new StringBuilder();
        for (int m : PreferYmmPolicy.MODELS) {
            String hex = Integer.toHexString(m).toUpperCase(Locale.ROOT);
            b.append(b.length() == 0 ? "" : ", ").append("0x").append(hex.length() < 2 ? "0" : "").append(hex);
        }
        return b.toString();
    }

    private PolicyRules() {
    }

    /** {@return every row, in table order; immutable} */
    public static List<PolicyRule<RuleInput>> table() {
        return TABLE;
    }

}
