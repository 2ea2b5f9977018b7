package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import io.cpufeatures.aarch64.feature.FieldRule;
import io.cpufeatures.aarch64.feature.Presence;
import io.cpufeatures.aarch64.raw.AArch64Snapshot;
import io.cpufeatures.aarch64.raw.IdRegister;
import io.cpufeatures.aarch64.raw.IdRegisterSource;
import io.cpufeatures.aarch64.usable.DependencyChain;
import io.cpufeatures.aarch64.usable.FeatureDependencies;
import io.cpufeatures.aarch64.usable.UsabilityRules;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.trace.Check;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.Link;
import io.cpufeatures.core.trace.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * The traces of a decoded AArch64 CPU: presence is the ID-register field check (or, without the
 * registers, the HWCAP standing in for it), the OS state is the HWCAP check, then the dependency
 * table, all read from the same rows and functions the decoder applied, so an explanation can never
 * say other than the verdict. AArch64 has no errata or policy rows: those parts of a trace are empty.
 */
final class AArch64Traces {

    private AArch64Traces() {
    }

    /** How {@code f}'s verdict on {@code info} was reached (its JIT gates are left to the core). */
    static FeatureTrace feature(AArch64CpuInfo info, AArch64Feature f) {
        AArch64Snapshot s = info.snapshot();
        boolean present = info.present().contains(f);
        boolean allowed = s.hasHwcap(f.word(), f.bit());
        List<Link> direct = new ArrayList<>();
        for (AArch64Feature d : FeatureDependencies.direct(f)) {
            direct.add(link(info, d));
        }
        List<Link> indirect = new ArrayList<>();
        for (AArch64Feature d : FeatureDependencies.closureOf(f)) {
            if (!FeatureDependencies.direct(f).contains(d)) {
                indirect.add(link(info, d));
            }
        }
        List<Reason> reasons = info.reasons(f);
        Verdict verdict = info.isUsable(f) ? Verdict.USABLE : present ? Verdict.NOT_USABLE : Verdict.NOT_PRESENT;
        Optional<String> root = verdict == Verdict.NOT_USABLE
                ? DependencyChain.of(f, info.usable(), info.present()).map(c -> c.root().canonicalName())
                : Optional.empty();
        Check os = new Check("HWCAP", f.hwcapName() + " = " + (allowed ? 1 : 0)
                + (allowed ? ": the kernel allows it" : ": the kernel does not allow it"), allowed);
        return new FeatureTrace(f.canonicalName(), f.aliases(), f.family().label(), presence(s, f, present), os, direct,
                indirect, List.of(), reasons.contains(UsabilityRules.DISABLED), List.of(), List.of(), verdict, reasons, root);
    }

    /** The presence check: the field and its value, or why the HWCAP stands in for it. */
    static Check presence(AArch64Snapshot s, AArch64Feature f, boolean present) {
        return switch (Presence.basis(f, s)) {
            case ID_REGISTERS -> new Check("ID register", f.idRule().alternatives().stream()
                    .map(r -> fieldText(s, r)).collect(Collectors.joining(", or ")) + (present ? "" : ": not present"), present);
            case HWCAP -> new Check("presence", f.idRule().registers().stream().map(IdRegister::name)
                    .collect(Collectors.joining(", ")) + " not read (" + whyNotRead(s)
                    + "): the kernel's " + f.macro() + " stands for the CPU's, " + (present ? "set" : "clear"), present);
            case KERNEL_ONLY -> new Check("presence", "no ID register describes it: " + f.macro()
                    + (present ? " is set" : " is clear"), present);
        };
    }

    /** {@code ID_AA64ZFR0_EL1.SVEver [3:0] = 1, at least 1 (ID_AA64ZFR0_EL1=0x...)}. */
    private static String fieldText(AArch64Snapshot s, FieldRule r) {
        long v = s.register(r.register()).orElse(0);
        return r.position() + " = " + r.value(v) + ", at least " + r.minimum() + (r.signed() ? " (signed; -1 is none)" : "")
                + " (" + r.register() + "=0x" + Long.toHexString(v) + ")";
    }

    /** Why the snapshot has no value for a register. */
    static String whyNotRead(AArch64Snapshot s) {
        return switch (s.idSource()) {
            case MRS -> "absent from the snapshot";
            case SYSFS -> "only MIDR_EL1 and REVIDR_EL1 came from sysfs";
            case PROC_CPUINFO -> "only MIDR_EL1 came from /proc/cpuinfo";
            case NONE -> (s.hwcap() & AArch64Snapshot.HWCAP_CPUID) == 0
                    ? "HWCAP_CPUID is clear: the kernel does not emulate MRS of them" : "the source has no ID registers";
        };
    }

    /** The first reason a not-present feature is absent, as a report words it. */
    static String absence(AArch64Snapshot s, AArch64Feature f) {
        return switch (Presence.basis(f, s)) {
            case ID_REGISTERS -> {
                FieldRule r = f.idRule().alternatives().get(0);
                OptionalLong v = s.register(r.register());
                yield "the CPU does not have it (" + r.position() + " = " + r.value(v.orElse(0)) + ", below "
                        + r.minimum() + ")";
            }
            case HWCAP, KERNEL_ONLY -> "the kernel does not report it (" + f.macro() + " is clear"
                    + (s.idSource() == IdRegisterSource.MRS ? "" : "; ID registers not read") + ")";
        };
    }

    private static Link link(AArch64CpuInfo info, AArch64Feature d) {
        if (info.isUsable(d)) {
            return new Link(d.canonicalName(), Verdict.USABLE, Optional.empty());
        }
        return info.present().contains(d)
                ? new Link(d.canonicalName(), Verdict.NOT_USABLE, Optional.of(info.reasons(d).get(0)))
                : new Link(d.canonicalName(), Verdict.NOT_PRESENT, Optional.empty());
    }
}
