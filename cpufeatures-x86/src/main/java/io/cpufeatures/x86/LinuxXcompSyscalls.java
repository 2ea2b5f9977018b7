package io.cpufeatures.x86;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import io.cpufeatures.os.ProcessSymbols;

/**
 * {@link XcompSyscalls} through glibc's {@code syscall(SYS_arch_prctl = 158, ...)} (x86-64
 * {@code asm/unistd_64.h}): glibc has no wrapper for these options. Called as a plain JNA function of
 * the process, as the other native calls of the probe.
 */
final class LinuxXcompSyscalls implements XcompSyscalls {

    private static final long SYS_ARCH_PRCTL = 158;

    private final Function syscall;

    LinuxXcompSyscalls() {
        this.syscall = ProcessSymbols.function("syscall");
    }

    @Override
    public long permitted() throws XcompException {
        try (Memory mask = new Memory(8)) {
            mask.setLong(0, 0);
            if (syscall.invokeLong(new Object[] {SYS_ARCH_PRCTL, (long) ARCH_GET_XCOMP_PERM, mask}) != 0) {
                throw new XcompException(Native.getLastError(), "arch_prctl(ARCH_GET_XCOMP_PERM)");
            }
            return mask.getLong(0);
        }
    }

    @Override
    public void requestTileData() throws XcompException {
        if (syscall.invokeLong(new Object[] {SYS_ARCH_PRCTL, (long) ARCH_REQ_XCOMP_PERM, (long) XFEATURE_XTILEDATA}) != 0) {
            throw new XcompException(Native.getLastError(), "arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)");
        }
    }
}
