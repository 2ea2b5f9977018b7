package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.table.FieldRule;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.table.Presence;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.aarch64.dump.MacSysctlListing;
import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.PolicyFreeRules;
import io.cpufeatures.core.trace.Check;
import java.util.List;
import java.util.stream.Collectors;
import java.util.OptionalLong;

/**
 * The AArch64 check of the usable layer: the kernel allows a present feature only when it sets its HWCAP
 * bit. The ID registers say what the CPU has, the HWCAP what the kernel lets user space use: a kernel
 * without SVE or SME support, or one that disabled them, leaves the bit clear, and the instructions then
 * trap. Dependencies, and the user's mask, are the kit's. Also the words of AArch64's traces.
 */
public final class HwcapCheck implements PolicyFreeRules<AArch64Feature, AArch64Snapshot> {

    /** The check. */
    public static final HwcapCheck INSTANCE = new HwcapCheck();

    private HwcapCheck() {
    }

    @Override
    public boolean passes(AArch64Feature f, AArch64Snapshot snapshot) {
        return snapshot.hasHwcap(f.word(), f.bit());
    }

    @Override
    public Reason refusal(AArch64Feature f, AArch64Snapshot snapshot) {
        return snapshot.hasHwcap(f.word(), f.bit()) ? null : new Reason(ReasonKind.OS_SUPPORT, hiddenByKernel(f, snapshot));
    }

    /**
     * The reason of a present feature whose HWCAP bit the kernel leaves clear, e.g. {@code present in
     * ID_AA64ZFR0_EL1.SVEver [3:0] = 1 but the kernel does not set HWCAP2_SVE2 (AT_HWCAP2 bit 1): it does not
     * support or has disabled it}.
     *
     * @param f        the feature; not null
     * @param snapshot the snapshot it is present on; not null
     * @return the reason's text: the field and value that make it present (when its ID registers were read), the
     *         hwcap's macro, word and bit, and a note when the auxiliary vector has no AT_HWCAP3 at all
     */
    public static String hiddenByKernel(AArch64Feature f, AArch64Snapshot snapshot) {
        String where = "";
        if (Presence.basis(f, snapshot) == Presence.Basis.ID_REGISTERS) {
            for (FieldRule r : f.idRule().alternatives()) {
                OptionalLong v = snapshot.register(r.register());
                if (v.isPresent() && r.holds(v.getAsLong())) {
                    where = " in " + r.position() + " = " + r.value(v.getAsLong());
                    break;
                }
            }
        }
        String absentWord = f.word() == HwcapWord.HWCAP3 && snapshot.hwcap3().isEmpty()
                ? "; the auxiliary vector has no AT_HWCAP3 at all (a kernel older than this hwcap)" : "";
        return "present" + where + " but the kernel does not set " + f.hwcapName()
                + ": it does not support or has disabled it" + absentWord;
    }

    /** The ID-register field and its value, or why the HWCAP (macOS: its sysctl keys) stands in for it. */
    @Override
    public Check presence(AArch64Snapshot s, AArch64Feature f, boolean present) {
        if (s.idSource() == IdRegisterSource.SYSCTL) {
            return new Check("presence", "ID registers not read (" + whyNotRead(s) + "): " + sysctlWord(s, f), present);
        }
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

    /**
     * The kernel's HWCAP is the usable set: a feature it grants stays usable against a dependency row of
     * ours, GCC's or Rust's whose dependency it withholds (its HWCAP clear) (Cortex-A510 erratum 2658417: Linux hides
     * {@code bf16}, ID_AA64ISAR1_EL1.BF16, and keeps {@code svebf16}, from ID_AA64ZFR0_EL1; {@code
     * arch/arm64/kernel/cpu_errata.c}). Linux's own rows (no SVE or SME hwcap without SVE or SME) and two
     * values of one field stand: the kernel cannot grant past them. Every row stands aside where the source never
     * stated the dependency (a macOS without its sysctl key: SHA-512 granted by {@code armv8_2_sha512} on macOS 11,
     * which has no key for SHA-2 at all). The trace says which row was outranked.
     */
    @Override
    public boolean grantOutranks(AArch64Snapshot s, AArch64Feature f, DependencyRule<AArch64Feature> rule) {
        AArch64Feature needed = rule.dependsOn();
        return s.hasHwcap(f.word(), f.bit()) && !s.hasHwcap(needed.word(), needed.bit())
                && (grantCanOutrank(rule) || !s.states(needed.word(), needed.bit()));
    }

    /**
     * Whether the kernel's grant can outrank {@code rule} at all: every row but Linux's own and two values of one
     * field (the first answer's table is generated with it).
     *
     * @param rule a dependency row; not null
     * @return whether a grant of its feature, with its dependency withheld, stands against it
     */
    public static boolean grantCanOutrank(DependencyRule<AArch64Feature> rule) {
        return rule.origin() != FeatureDependencies.LINUX && rule.origin() != FeatureDependencies.SAME_FIELD;
    }

    /** The HWCAP check (macOS: its sysctl keys): whether the kernel allows it. */
    @Override
    public Check osState(AArch64Snapshot s, AArch64Feature f) {
        boolean allowed = s.hasHwcap(f.word(), f.bit());
        if (s.idSource() == IdRegisterSource.SYSCTL) {
            return new Check("sysctl", sysctlWord(s, f), allowed);
        }
        return new Check("HWCAP", f.hwcapName() + " = " + (allowed ? 1 : 0)
                + (allowed ? ": the kernel allows it" : ": the kernel does not allow it"), allowed);
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
            case REGISTRY -> "not among the registry's CP values";
            case SYSCTL -> "macOS lets no program read them";
            case SYSFS -> "only MIDR_EL1 and REVIDR_EL1 came from sysfs";
            case PROC_CPUINFO -> "only MIDR_EL1 came from /proc/cpuinfo";
            case NONE -> (s.hwcap() & AArch64Snapshot.HWCAP_CPUID) == 0
                    ? "HWCAP_CPUID is clear: the kernel does not emulate MRS of them" : "the source has no ID registers";
        };
    }

    /** The first reason a not-present feature is absent, as a report words it (macOS's in its sysctl keys). */
    @Override
    public String absence(AArch64Snapshot s, AArch64Feature f) {
        if (s.idSource() == IdRegisterSource.SYSCTL) {
            List<String> keys = MacSysctlListing.keysOf(f);
            if (!s.states(f.word(), f.bit())) {
                return "unknown: this listing has no " + keysText(f) + " (a macOS older than the key): not counted"
                        + " present";
            }
            return keys.isEmpty() ? "macOS does not report it (no hw.optional sysctl key names it; ID registers not read)"
                    : "macOS does not report it (" + keysText(f) + " is 0 or absent; ID registers not read)";
        }
        return switch (Presence.basis(f, s)) {
            case ID_REGISTERS -> {
                FieldRule r = f.idRule().alternatives().get(0);
                OptionalLong v = s.register(r.register());
                yield "the CPU does not have it (" + r.position() + " = " + r.value(v.orElse(0)) + ", below "
                        + r.minimum() + ")";
            }
            // On the HWCAP basis the feature's own registers were not read, whatever the source; a kernel-only
            // feature has none, so only a snapshot without ID registers is worth saying.
            case HWCAP -> "the kernel does not report it (" + f.macro() + " is clear; ID registers not read)";
            case KERNEL_ONLY -> "the kernel does not report it (" + f.macro() + " is clear"
                    + (s.idSource() == IdRegisterSource.MRS ? "" : "; ID registers not read") + ")";
        };
    }

    /**
     * What macOS's keys say of {@code f}: {@code hw.optional.arm.FEAT_AES = 1: macOS reports it}, {@code ... = 0: macOS
     * does not report it}, that the listing has none of its keys (unknown), or that macOS has no key for it.
     */
    static String sysctlWord(AArch64Snapshot s, AArch64Feature f) {
        if (MacSysctlListing.keysOf(f).isEmpty()) {
            return "macOS has no sysctl key for " + f.canonicalName() + ": not reported";
        }
        if (!s.states(f.word(), f.bit())) {
            return keysText(f) + " not in the listing (a macOS older than the key): unknown, not counted present";
        }
        return keysText(f) + (s.hasHwcap(f.word(), f.bit()) ? " = 1: macOS reports it" : " = 0: macOS does not report it");
    }

    /** The sysctl keys of {@code f}, as a sentence names them: {@code hw.optional.arm.FEAT_AES}, "no key" when none. */
    static String keysText(AArch64Feature f) {
        List<String> keys = MacSysctlListing.keysOf(f);
        return keys.isEmpty() ? "no sysctl key for " + f.canonicalName() : String.join(" or ", keys);
    }
}
