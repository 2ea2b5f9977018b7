package io.cpufeatures.x86;

import io.cpufeatures.core.Reason;
import io.cpufeatures.x86.feature.CpuidBit;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.policy.PolicyRule;
import io.cpufeatures.x86.policy.PolicyRules;
import io.cpufeatures.x86.raw.CpuidRegisters;
import io.cpufeatures.x86.raw.Hex;
import io.cpufeatures.x86.usable.DependencyChain;
import io.cpufeatures.x86.usable.Erratum;
import io.cpufeatures.x86.usable.Errata;
import io.cpufeatures.x86.usable.FeatureDependencies;
import io.cpufeatures.x86.usable.StateCheck;
import io.cpufeatures.x86.usable.UsabilityRules;
import io.cpufeatures.core.trace.Check;
import io.cpufeatures.core.trace.ErratumCheck;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.Link;
import io.cpufeatures.core.trace.PolicyCheck;
import io.cpufeatures.core.trace.PolicyTrace;
import io.cpufeatures.core.trace.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The traces of a decoded x86 CPU: each layer's own check, read from the same rows and checks the
 * decoder applied (the CPUID bit, {@link StateCheck}, the dependency table and its chains, the errata
 * and policy rows), so an explanation can never say other than the verdict.
 */
final class X86Traces {

    private X86Traces() {
    }

    /** How {@code f}'s verdict on {@code info} was reached (its JIT gates are left to the core). */
    static FeatureTrace feature(X86CpuInfo info, X86Feature f) {
        boolean present = info.present().contains(f);
        CpuidBit b = f.bit();
        CpuidRegisters r = info.snapshot().read(b.leaf(), b.subleaf());
        boolean bit = r.bit(b.register(), b.bit());
        Check presence = new Check("CPUID bit", b + " = " + (bit ? 1 : 0) + " (" + b.register().name().toLowerCase(Locale.ROOT)
                + "=0x" + Hex.of(r.get(b.register()), 8) + ")" + (present ? "" : ": not present")
                + (!present && bit ? " (the leaf is not defined on this CPU)" : ""), present);
        StateCheck state = StateCheck.of(f, info.xcr0());
        List<Link> direct = new ArrayList<>();
        for (X86Feature d : FeatureDependencies.direct(f)) {
            direct.add(link(info, d));
        }
        List<Link> indirect = new ArrayList<>();
        for (X86Feature d : FeatureDependencies.closureOf(f)) {
            if (!FeatureDependencies.direct(f).contains(d)) {
                indirect.add(link(info, d));
            }
        }
        List<ErratumCheck> errata = new ArrayList<>();
        for (Erratum e : Errata.table()) {
            if (e.features().contains(f)) {
                errata.add(new ErratumCheck(e.id(), e.appliesTo(info.identity(), info.present()), e.effect(), e.citation()));
            }
        }
        List<PolicyCheck> policies = new ArrayList<>();
        for (PolicyRule p : PolicyRules.table()) {
            policies.add(new PolicyCheck(p.flag().canonicalName(), info.hasPolicy(p.flag()), p.meaning()));
        }
        List<Reason> reasons = info.reasons(f);
        Verdict verdict = info.isUsable(f) ? Verdict.USABLE : present ? Verdict.NOT_USABLE : Verdict.NOT_PRESENT;
        Optional<String> root = verdict == Verdict.NOT_USABLE
                ? DependencyChain.of(f, info.usable(), info.present()).map(c -> c.root().canonicalName())
                : Optional.empty();
        return new FeatureTrace(f.canonicalName(), f.aliases(), f.family().label(), presence,
                new Check("OS state", state.describe(), state.passes()), direct, indirect, errata,
                reasons.contains(UsabilityRules.DISABLED), policies, List.of(), verdict, reasons, root);
    }

    private static Link link(X86CpuInfo info, X86Feature d) {
        if (info.isUsable(d)) {
            return new Link(d.canonicalName(), Verdict.USABLE, Optional.empty());
        }
        return info.present().contains(d)
                ? new Link(d.canonicalName(), Verdict.NOT_USABLE, Optional.of(info.reasons(d).get(0)))
                : new Link(d.canonicalName(), Verdict.NOT_PRESENT, Optional.empty());
    }

    /** How the policy row {@code rule} was applied to {@code info}. */
    static PolicyTrace policy(X86CpuInfo info, PolicyRule rule) {
        return new PolicyTrace(rule.flag().canonicalName(), rule.meaning(), rule.appliesTo(), rule.citation(),
                Optional.of(info.identity().vendorString() + " family 0x" + Integer.toHexString(info.identity().family())
                        + " model 0x" + Integer.toHexString(info.identity().model())),
                info.hasPolicy(rule.flag()));
    }
}
