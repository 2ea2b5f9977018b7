package io.cpufeatures.aarch64.table;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import java.util.EnumSet;
import java.util.Set;

/**
 * The present layer: what the CPU has. A feature is present when its ID-register field is at least
 * the table's minimum ({@link Basis#ID_REGISTERS}); when its registers were not read (no
 * HWCAP_CPUID, a fallback source, a dump without them) the kernel's HWCAP is all there is, and it
 * stands for presence too ({@link Basis#HWCAP}); for {@code cpuid} and {@code evtstrm}, which no
 * register describes, the HWCAP always does ({@link Basis#KERNEL_ONLY}).
 */
public final class Presence {

    /** What presence was decided from. */
    public enum Basis {
        /** The feature's ID-register field. */
        ID_REGISTERS,
        /** The HWCAP bit, because the feature's ID registers were not read. */
        HWCAP,
        /** The HWCAP bit, because no ID register describes the feature. */
        KERNEL_ONLY
    }

    private Presence() {
    }

    /**
     * What {@code f}'s presence on {@code snapshot} is decided from.
     *
     * @param f        the feature; not null
     * @param snapshot the snapshot; not null
     * @return {@link Basis#ID_REGISTERS} when every register of its rule was read, {@link Basis#HWCAP} when one was
     *         not, {@link Basis#KERNEL_ONLY} when no register describes it
     */
    public static Basis basis(AArch64Feature f, AArch64Snapshot snapshot) {
        if (f.idRule().kernelOnly()) {
            return Basis.KERNEL_ONLY;
        }
        return f.idRule().readable(snapshot) ? Basis.ID_REGISTERS : Basis.HWCAP;
    }

    /**
     * Whether {@code snapshot}'s CPU has {@code f}.
     *
     * @param f        the feature; not null
     * @param snapshot the snapshot; not null
     * @return whether its ID-register rule holds, or, on the other two bases, whether its HWCAP bit is set
     */
    public static boolean isPresent(AArch64Feature f, AArch64Snapshot snapshot) {
        return basis(f, snapshot) == Basis.ID_REGISTERS ? f.idRule().holds(snapshot) : snapshot.hasHwcap(f.word(), f.bit());
    }

    /**
     * Every feature {@code snapshot}'s CPU has.
     *
     * @param snapshot the snapshot; not null
     * @return the present features, in table order; a new set the caller may change
     */
    public static Set<AArch64Feature> of(AArch64Snapshot snapshot) {
        Set<AArch64Feature> present = EnumSet.noneOf(AArch64Feature.class);
        for (AArch64Feature f : AArch64Feature.values()) {
            if (isPresent(f, snapshot)) {
                present.add(f);
            }
        }
        return present;
    }
}
