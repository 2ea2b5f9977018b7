package io.cpufeatures.x86;

import io.cpufeatures.os.JvmArch;
import io.cpufeatures.os.OperatingSystem;
import java.util.Objects;

/**
 * Whether this process may use AMX tile data, on Linux: the kernel enables TILECFG and TILEDATA in
 * XCR0 for everyone, but arms XFD (extended feature disable) for TILEDATA, so a process's first AMX
 * instruction traps, and the kernel then sends SIGILL unless the process asked for the state with
 * {@code arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)} (Linux 5.16+,
 * Documentation/arch/x86/xstate.rst). Read with {@code arch_prctl(ARCH_GET_XCOMP_PERM)}; the probe attaches it to the
 * snapshot only where AMX is present and XCR0 enables it.
 *
 * @param state  what is known
 * @param detail how it is known: the call made and its answer
 */
public record TilePermission(State state, String detail) {

    /** The last refusal of {@link #request()} in this process, so that a later probe can say "refused" and why. */
    private static volatile TilePermission lastRefusal;

    /** What is known of the permission. */
    public enum State {
        /** ARCH_GET_XCOMP_PERM lacks XTILEDATA and the process has not asked. */
        NOT_REQUESTED("not-requested"),
        /** ARCH_GET_XCOMP_PERM has XTILEDATA (bit 18). */
        GRANTED("granted"),
        /** The process asked with ARCH_REQ_XCOMP_PERM and the kernel refused. */
        REFUSED("refused"),
        /** arch_prctl itself failed (no such call, an emulator, a seccomp policy): nothing is known. */
        UNAVAILABLE("unavailable");

        private final String id;

        State(String id) {
            this.id = id;
        }

        /** {@return the identifier in reports and JSON, e.g. {@code not-requested}} */
        public String id() {
            return id;
        }
    }

    /**
     * Validates the parts.
     *
     * @param state  what is known; not null
     * @param detail how it is known: the call made and its answer; not null
     */
    public TilePermission {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(detail, "detail");
    }

    /**
     * Asks Linux for AMX tile data for this process ({@code arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA=18)}).
     * The library never asks by itself: asking is a side effect on the whole process (it enlarges every thread's
     * signal frame, and fails with ENOSPC if a thread has a smaller sigaltstack). Ask before the first
     * {@code CpuFeatures.current()}, whose report is made once, or probe again afterwards. Never throws for an OS
     * refusal: the answer says what happened.
     *
     * @return {@code GRANTED} (also when it already was), {@code REFUSED} with the errno and its meaning
     *         (EOPNOTSUPP: no AMX in this CPU or kernel; ENOSPC: a thread's sigaltstack is too small; EINVAL: a
     *         kernel older than 5.16), or {@code UNAVAILABLE} off Linux x86-64 or when the call cannot be made
     */
    public static TilePermission request() {
        return request(syscalls());
    }

    /**
     * {@return this process's AMX tile-data permission as Linux has it now ({@code ARCH_GET_XCOMP_PERM}):
     * {@code GRANTED}, {@code NOT_REQUESTED}, {@code REFUSED} after a refused {@link #request()}, or
     * {@code UNAVAILABLE} when it cannot be read}
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
            return new TilePermission(State.GRANTED, "granted by arch_prctl(ARCH_REQ_XCOMP_PERM)");
        } catch (XcompSyscalls.XcompException e) {
            TilePermission refused = new TilePermission(State.REFUSED, e.getMessage());
            lastRefusal = refused;
            return refused;
        } catch (RuntimeException | LinkageError e) {
            return new TilePermission(State.UNAVAILABLE, "arch_prctl could not be called: " + e);
        }
    }

    static TilePermission status(XcompSyscalls calls) {
        if (calls == null) {
            return unavailableOffLinux();
        }
        try {
            long mask = calls.permitted();
            if ((mask >>> XcompSyscalls.XFEATURE_XTILEDATA & 1) != 0) {
                return new TilePermission(State.GRANTED, "ARCH_GET_XCOMP_PERM=0x" + Long.toHexString(mask)
                        + " has XTILEDATA");
            }
            TilePermission refused = lastRefusal;
            return refused != null ? refused : new TilePermission(State.NOT_REQUESTED,
                    "ARCH_GET_XCOMP_PERM=0x" + Long.toHexString(mask) + " lacks XTILEDATA");
        } catch (XcompSyscalls.XcompException e) {
            return new TilePermission(State.UNAVAILABLE, e.getMessage());
        } catch (RuntimeException | LinkageError e) {
            return new TilePermission(State.UNAVAILABLE, "arch_prctl could not be called: " + e);
        }
    }

    /** Forgets a remembered refusal (tests: each starts from a process that never asked). */
    static void forgetRefusalForTest() {
        lastRefusal = null;
    }

    /** The calls on Linux x86-64, null elsewhere. */
    private static XcompSyscalls syscalls() {
        try {
            return OperatingSystem.current() == OperatingSystem.LINUX && JvmArch.current().equals("x86_64")
                    ? new LinuxXcompSyscalls() : null;
        } catch (LinkageError | RuntimeException e) {
            return new Unloadable(e);
        }
    }

    private static TilePermission unavailableOffLinux() {
        return new TilePermission(State.UNAVAILABLE, "the permission is Linux's (x86-64): elsewhere there is nothing"
                + " to ask");
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

    /** {@return whether AMX tile data may be used: only when {@link State#GRANTED}} */
    public boolean granted() {
        return state == State.GRANTED;
    }
}
