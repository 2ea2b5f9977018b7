package io.cpufeatures.x86;

/**
 * The Linux {@code arch_prctl} options for dynamically enabled XSAVE state (Linux 5.16+,
 * {@code arch/x86/include/uapi/asm/prctl.h}; Documentation/arch/x86/xstate.rst).
 */
interface XcompSyscalls {

    /** {@code ARCH_GET_XCOMP_PERM}: the process's permitted user state components. */
    int ARCH_GET_XCOMP_PERM = 0x1022;
    /** {@code ARCH_REQ_XCOMP_PERM}: ask for the components of a facility, named by its highest one. */
    int ARCH_REQ_XCOMP_PERM = 0x1023;
    /** {@code XFEATURE_XTILEDATA}: the AMX tile data component, the one the kernel hands out on request. */
    int XFEATURE_XTILEDATA = 18;

    /** {@code arch_prctl(ARCH_GET_XCOMP_PERM, &mask)}: the permitted mask. */
    long permitted() throws XcompException;

    /** {@code arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)}: returns when granted (or already permitted). */
    void requestTileData() throws XcompException;

    /** A failed call, with its errno. */
    final class XcompException extends Exception {

        private static final long serialVersionUID = 1L;

        /** The call's errno. */
        private final int errno;

        XcompException(int errno, String call) {
            super(call + " failed: " + describe(errno));
            this.errno = errno;
        }

        /** The call's errno. */
        int errno() {
            return errno;
        }

        /** The errno's name and what it means for these calls (kernel {@code fpu_xstate_prctl()}). */
        static String describe(int errno) {
            return switch (errno) {
                case 1 -> "EPERM (not permitted)";
                case 22 -> "EINVAL (the kernel does not know the option: older than Linux 5.16, or an emulator)";
                case 28 -> "ENOSPC (a thread's sigaltstack is too small for the larger signal frame)";
                case 38 -> "ENOSYS (no arch_prctl system call)";
                case 95 -> "EOPNOTSUPP (the kernel or the CPU does not support AMX)";
                default -> "errno " + errno;
            };
        }
    }
}
