package io.cpufeatures.x86.probe;

import io.cpufeatures.os.JvmArch;
import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.StateRequirement;
import io.cpufeatures.x86.TilePermission;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.Xcr0Source;
import java.util.Objects;
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
 * ENOSPC if a thread has a smaller sigaltstack), so the library never asks by itself: call
 * {@link #request()}, before the first {@code CpuFeatures.current()} (whose report is made once and
 * never changes), or probe again afterwards.
 */
public final class AmxPermission {

    /** The last refusal of {@link #request()} in this process, so that a later probe can say "refused" and why. */
    private static volatile TilePermission lastRefusal;

    private AmxPermission() {
    }

    /**
     * Asks Linux for AMX tile data for this process ({@code arch_prctl(ARCH_REQ_XCOMP_PERM,
     * XFEATURE_XTILEDATA=18)}). Never throws for an OS refusal: the answer says what happened.
     *
     * @return {@code GRANTED} (also when it already was), {@code REFUSED} with the errno and its meaning
     *         (EOPNOTSUPP: no AMX in this CPU or kernel; ENOSPC: a thread's sigaltstack is too small;
     *         EINVAL: a kernel older than 5.16), or {@code UNAVAILABLE} off Linux x86-64 or when the call
     *         cannot be made at all
     */
    public static TilePermission request() {
        return request(syscalls());
    }

    /**
     * This process's AMX tile-data permission as Linux has it now ({@code ARCH_GET_XCOMP_PERM}):
     * {@code GRANTED}, {@code NOT_REQUESTED}, {@code REFUSED} when an earlier {@link #request()} was
     * refused, or {@code UNAVAILABLE} when it cannot be read.
     *
     * @return the permission, with how it was read
     */
    public static TilePermission status() {
        return status(syscalls());
    }

    static TilePermission request(XcompSyscalls calls) {
        if (calls == null) {
            return unavailableOffLinux();
        }
        try {
            calls.requestTileData();
            lastRefusal = null;
            return new TilePermission(TilePermission.State.GRANTED, "granted by arch_prctl(ARCH_REQ_XCOMP_PERM)");
        } catch (XcompSyscalls.XcompException e) {
            TilePermission refused = new TilePermission(TilePermission.State.REFUSED, e.getMessage());
            lastRefusal = refused;
            return refused;
        } catch (RuntimeException | LinkageError e) {
            return new TilePermission(TilePermission.State.UNAVAILABLE, "arch_prctl could not be called: " + e);
        }
    }

    static TilePermission status(XcompSyscalls calls) {
        if (calls == null) {
            return unavailableOffLinux();
        }
        try {
            long mask = calls.permitted();
            if ((mask >>> XcompSyscalls.XFEATURE_XTILEDATA & 1) != 0) {
                return new TilePermission(TilePermission.State.GRANTED, "ARCH_GET_XCOMP_PERM=0x" + Long.toHexString(mask)
                        + " has XTILEDATA");
            }
            TilePermission refused = lastRefusal;
            return refused != null ? refused : new TilePermission(TilePermission.State.NOT_REQUESTED,
                    "ARCH_GET_XCOMP_PERM=0x" + Long.toHexString(mask) + " lacks XTILEDATA");
        } catch (XcompSyscalls.XcompException e) {
            return new TilePermission(TilePermission.State.UNAVAILABLE, e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            return new TilePermission(TilePermission.State.UNAVAILABLE, "arch_prctl could not be called: " + e);
        }
    }

    /**
     * {@code snapshot} with this process's permission attached when it matters: AMX tile present
     * (CPUID.(7,0):EDX[24]) and TILECFG|TILEDATA enabled in an XCR0 read with XGETBV. Otherwise the
     * snapshot as it is, and no call is made: a machine without AMX pays nothing.
     *
     * @param calls the calls, made only when needed (null off Linux)
     */
    static CpuidSnapshot attach(CpuidSnapshot snapshot, Supplier<XcompSyscalls> calls) {
        X86Feature tile = X86Feature.AMX_TILE;
        boolean present = snapshot.definesBasicLeaf(7)
                && snapshot.read(7, 0).bit(tile.bit().register(), tile.bit().bit());
        long amx = StateRequirement.AMX.xcr0Mask();
        boolean enabled = snapshot.xcr0Source() == Xcr0Source.XGETBV && (snapshot.xcr0().orElse(0) & amx) == amx;
        if (!present || !enabled) {
            return snapshot;
        }
        XcompSyscalls c;
        try {
            c = calls.get();
        } catch (RuntimeException | LinkageError e) {
            return snapshot.withTilePermission(new TilePermission(TilePermission.State.UNAVAILABLE,
                    "arch_prctl could not be called: " + e));
        }
        return c == null ? snapshot : snapshot.withTilePermission(status(c));
    }

    /** Forgets a remembered refusal (tests: each starts from a process that never asked). */
    static void forgetRefusalForTest() {
        lastRefusal = null;
    }

    /** {@link #syscalls()}, as a class: asked only where AMX is present and enabled. */
    static final Supplier<XcompSyscalls> SYSCALLS = new Syscalls();

    private static final class Syscalls implements Supplier<XcompSyscalls> {
        @Override
        public XcompSyscalls get() {
            return syscalls();
        }
    }

    /** The calls on Linux x86-64, null elsewhere. */
    static XcompSyscalls syscalls() {
        try {
            return OperatingSystem.current() == OperatingSystem.LINUX && JvmArch.current().equals("x86_64")
                    ? new LinuxXcompSyscalls() : null;
        } catch (LinkageError | RuntimeException e) {
            return new Unloadable(e);
        }
    }

    private static TilePermission unavailableOffLinux() {
        return new TilePermission(TilePermission.State.UNAVAILABLE, "the permission is Linux's (x86-64): "
                + "elsewhere there is nothing to ask");
    }

    /** Calls that fail because JNA could not load. */
    private record Unloadable(Throwable cause) implements XcompSyscalls {
        Unloadable {
            Objects.requireNonNull(cause, "cause");
        }

        @Override
        public long permitted() {
            throw new IllegalStateException("JNA could not load: " + cause, cause);
        }

        @Override
        public void requestTileData() {
            throw new IllegalStateException("JNA could not load: " + cause, cause);
        }
    }
}
