package io.cpufeatures.core.kit;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.trace.Check;
import io.cpufeatures.core.trace.ErratumCheck;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.Link;
import io.cpufeatures.core.trace.PolicyCheck;
import io.cpufeatures.core.trace.PolicyTrace;
import io.cpufeatures.core.trace.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The traces of a decoded CPU, for every architecture: each layer read from the same rows and checks the
 * usable layer applied (the architecture's presence and OS-state checks, the dependency table and its
 * chains, the errata and policy rows), so an explanation can never say other than the verdict.
 */
final class Traces {

    private Traces() {
    }

    /**
     * How {@code feature}'s verdict on {@code cpu} was reached; its JIT gates are left to the core.
     *
     * @param <F>          the feature enum
     * @param <C>          what the checks read of one CPU
     * @param cpu          the decoded CPU, with the tables and rules it was decoded with; not null
     * @param feature      the feature; not null
     * @return the trace
     */
    static <F extends Enum<F> & FeatureRow, C> FeatureTrace feature(TableDecoding<F, C> cpu, F feature) {
        ArchitectureTables<F, C> architecture = cpu.tables();
        boolean present = cpu.present().contains(feature);
        DependencyTable<F> dependencies = architecture.dependencies();
        List<Link> direct = new ArrayList<>();
        for (F d : dependencies.direct(feature)) {
            direct.add(link(cpu, d));
        }
        List<Link> indirect = new ArrayList<>();
        for (F d : dependencies.closureOf(feature)) {
            if (!dependencies.direct(feature).contains(d)) {
                indirect.add(link(cpu, d));
            }
        }
        List<ErratumCheck> errata = new ArrayList<>();
        for (Erratum<F, C> e : architecture.errata()) {
            if (e.features().contains(feature)) {
                errata.add(new ErratumCheck(e.id(), e.appliesTo(cpu.cpu()), e.effect(), e.citation()));
            }
        }
        List<PolicyCheck> policies = new ArrayList<>();
        for (PolicyRule<C> p : architecture.policies()) {
            policies.add(new PolicyCheck(p.flag(), cpu.policyFlags().contains(p.flag()), p.meaning()));
        }
        List<Reason> reasons = cpu.reasons(feature);
        Check osState = architecture.rules().explain(OwnRules.Aspect.OS_STATE, cpu.cpu(), feature, present);
        if (cpu.isUsable(feature) && !cpu.grantedDespite(feature).isEmpty()) {
            // usable against a row of the table: the OS check says which row its grant outranked, and why
            osState = new Check(osState.label(), osState.text() + "; " + String.join("; ", cpu.grantedDespite(feature)),
                    osState.holds());
        }
        Verdict verdict = cpu.isUsable(feature) ? Verdict.USABLE : present ? Verdict.NOT_USABLE : Verdict.NOT_PRESENT;
        Optional<String> root = verdict == Verdict.NOT_USABLE
                ? dependencies.chain(feature, cpu.usable(), cpu.present()).map(c -> c.root().canonicalName())
                : Optional.empty();
        return new FeatureTrace(feature.canonicalName(), feature.aliases(), feature.family(),
                architecture.rules().explain(OwnRules.Aspect.PRESENCE, cpu.cpu(), feature, present), osState, direct,
                indirect, errata, reasons.contains(TableDecoding.DISABLED), policies, List.of(), verdict, reasons, root);
    }

    /**
     * How the policy row {@code rule} was applied to {@code cpu}.
     *
     * @param <C>          what the checks read of one CPU
     * @param cpu          the decoded CPU; not null
     * @param rule         a row of the architecture's policy table; not null
     * @return the trace
     */
    static <C> PolicyTrace policy(TableDecoding<?, C> cpu, PolicyRule<C> rule) {
        String subject = cpu.tables().rules().explain(OwnRules.Aspect.POLICY_SUBJECT, cpu.cpu(), null, false).text();
        return new PolicyTrace(rule.flag(), rule.meaning(), rule.appliesTo(), rule.citation(),
                subject.isEmpty() ? Optional.empty() : Optional.of(subject), cpu.policyFlags().contains(rule.flag()));
    }

    private static <F extends Enum<F> & FeatureRow> Link link(TableDecoding<F, ?> cpu, F d) {
        if (cpu.isUsable(d)) {
            return new Link(d.canonicalName(), Verdict.USABLE, Optional.empty());
        }
        return cpu.present().contains(d)
                ? new Link(d.canonicalName(), Verdict.NOT_USABLE, Optional.of(cpu.reasons(d).get(0)))
                : new Link(d.canonicalName(), Verdict.NOT_PRESENT, Optional.empty());
    }
}
