package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.table.FieldRule;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.table.Presence;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.kit.OwnCheck;
import java.util.OptionalLong;

/**
 * The AArch64 check of the usable layer: the kernel allows a present feature only when it sets its HWCAP
 * bit. The ID registers say what the CPU has, the HWCAP what the kernel lets user space use: a kernel
 * without SVE or SME support, or one that disabled them, leaves the bit clear, and the instructions then
 * trap. Dependencies, and the user's mask, are the kit's.
 */
public final class HwcapCheck implements OwnCheck<AArch64Feature, AArch64Snapshot> {

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
}
