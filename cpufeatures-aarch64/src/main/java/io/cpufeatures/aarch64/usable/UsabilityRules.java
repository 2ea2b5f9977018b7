package io.cpufeatures.aarch64.usable;

import java.util.Objects;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import io.cpufeatures.aarch64.feature.FieldRule;
import io.cpufeatures.aarch64.feature.Presence;
import io.cpufeatures.aarch64.raw.AArch64Snapshot;
import io.cpufeatures.aarch64.raw.HwcapWord;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The usable layer: from present to usable. A present feature is usable when
 * <ol>
 *   <li>the user did not disable it;</li>
 *   <li>the kernel allows it: its HWCAP bit is set. The ID registers say what the CPU has, the
 *       HWCAP what the kernel lets user space use: a kernel without SVE or SME support, or one that
 *       disabled them, leaves the bit clear, and its instructions then trap;</li>
 *   <li>every feature it depends on ({@link FeatureDependencies}), directly or not, is usable.</li>
 * </ol>
 * Each refusal is a {@link Reason}; a dependency reason names the chain down to the root
 * ({@code sveaes <- sve2 <- sve}).
 */
public final class UsabilityRules {

    /** The reason of a feature the user removed. */
    public static final Reason DISABLED = new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable");

    private UsabilityRules() {
    }

    /**
     * Applies the rules.
     *
     * @param snapshot the raw snapshot (its HWCAP words); not null
     * @param present  the present features; not null
     * @param disabled features the user removed (they and what depends on them become unusable); not null
     * @return the usable features, and for every present feature that is not usable its reasons: its own
     *         (disabled, HWCAP clear), then the dependency chain
     */
    public static Usability apply(AArch64Snapshot snapshot, Set<AArch64Feature> present, Set<AArch64Feature> disabled) {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(present, "present");
        Objects.requireNonNull(disabled, "disabled");
        Map<AArch64Feature, List<Reason>> reasons = new EnumMap<>(AArch64Feature.class);
        EnumSet<AArch64Feature> ownChecksPass = EnumSet.noneOf(AArch64Feature.class);
        for (AArch64Feature f : present) {
            List<Reason> own = new ArrayList<>(1);
            if (disabled.contains(f)) {
                own.add(DISABLED);
            }
            if (!snapshot.hasHwcap(f.word(), f.bit())) {
                own.add(new Reason(ReasonKind.OS_SUPPORT, hiddenByKernel(f, snapshot)));
            }
            if (own.isEmpty()) {
                ownChecksPass.add(f);
            } else {
                reasons.put(f, own);
            }
        }
        // The clear-only fixpoint of the dependency table, from its precomputed closure.
        Set<AArch64Feature> usable = EnumSet.noneOf(AArch64Feature.class);
        for (AArch64Feature f : ownChecksPass) {
            if (FeatureDependencies.closureWithin(f, ownChecksPass)) {
                usable.add(f);
            }
        }
        for (AArch64Feature f : present) {
            if (!usable.contains(f)) {
                DependencyChain.of(f, usable, present).ifPresent(c -> reasons.computeIfAbsent(f, k -> new ArrayList<>())
                        .add(new Reason(ReasonKind.DEPENDENCY, describe(c, present, reasons))));
            }
        }
        return new Usability(usable, reasons);
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

    /** The chain, then the root's own reason: {@code sveaes <- sve2 <- sve: sve os: ...}. */
    private static String describe(DependencyChain c, Set<AArch64Feature> present, Map<AArch64Feature, List<Reason>> reasons) {
        AArch64Feature root = c.root();
        if (!present.contains(root)) {
            return c.describe() + ": " + root.canonicalName() + " not present";
        }
        List<Reason> own = reasons.get(root);
        return own == null ? c.describe() : c.describe() + ": " + root.canonicalName() + ' ' + own.get(0);
    }
}
