package io.cpufeatures.x86.probe;

import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.internal.MissingJna;
import io.cpufeatures.os.JvmArch;
import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.StateRequirement;
import io.cpufeatures.x86.TilePermission;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.Xcr0Source;
import java.util.function.Supplier;

/**
 * AMX tile data on Linux: the permission a process must ask for before its first AMX instruction.
 *
 * <p>Linux (5.16 and later) enables the AMX state components TILECFG and TILEDATA in XCR0 for every
 * process, so CPUID and XGETBV say AMX may run, but it arms XFD (extended feature disable) for
 * TILEDATA: the first AMX instruction of a process traps, and the kernel then either gives the thread
 * its 8 KiB of tile state, if the process was granted it, or sends SIGILL (Linux
 * Documentation/arch/x86/xstate.rst; {@code handle_xfd_event()} in arch/x86/kernel/traps.c). A process
 * asks with {@code arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)}; the permission is
 * process-wide, inherited on fork and cleared on exec.
 *
 * <p>The probe reads the permission ({@code ARCH_GET_XCOMP_PERM}) only where AMX is present and XCR0
 * enables it, and the decoder makes {@code amx_tile} and its dependants usable only when it is granted.
 * Asking is a side effect on the whole process (it enlarges every thread's signal frame, and fails with
 * ENOSPC if a thread has a smaller sigaltstack), so the library never asks by itself: the permission is
 * {@link TilePermission}'s to ask for and read; the probe only attaches what it reads.
 */
public final class AmxPermission {

    private AmxPermission() {
    }

    /**
     * {@code snapshot} with this process's permission attached when it matters: AMX tile present
     * (CPUID.(7,0):EDX[24]) and TILECFG|TILEDATA enabled in an XCR0 read with XGETBV. Otherwise the
     * snapshot as it is, and no call is made: a machine without AMX pays nothing.
     *
     * @param status the permission, asked only when needed (null off Linux x86-64: nothing to attach)
     */
    static CpuidSnapshot attach(CpuidSnapshot snapshot, Supplier<TilePermission> status) {
        X86Feature tile = X86Feature.AMX_TILE;
        boolean present = snapshot.definesBasicLeaf(7)
                && snapshot.read(7, 0).bit(tile.bit().register(), tile.bit().bit());
        long amx = StateRequirement.AMX.xcr0Mask();
        boolean enabled = snapshot.xcr0Source() == Xcr0Source.XGETBV && (snapshot.xcr0().orElse(0) & amx) == amx;
        if (!present || !enabled) {
            return snapshot;
        }
        TilePermission p;
        try {
            p = status.get();
        } catch (RuntimeException | LinkageError e) {
            p = new TilePermission(TilePermission.State.UNAVAILABLE, "arch_prctl could not be called: " + e);
        }
        if (p != null && p.state() == TilePermission.State.UNAVAILABLE) {
            // JNA is optional: where it is absent, the one WARN of the process names it (never a failure)
            MissingJna.warnOnce(Log.of(AmxPermission.class), "AMX tile data's permission (arch_prctl)",
                    "amx_tile and its dependants read as not usable");
        }
        return p == null ? snapshot : snapshot.withTilePermission(p);
    }

    /** This process's permission ({@link TilePermission#status()}) on Linux x86-64, null elsewhere; a class. */
    static final Supplier<TilePermission> STATUS = new Status();

    private static final class Status implements Supplier<TilePermission> {
        @Override
        public TilePermission get() {
            return OperatingSystem.current() == OperatingSystem.LINUX && JvmArch.current().equals("x86_64")
                    ? TilePermission.status() : null;
        }
    }
}
