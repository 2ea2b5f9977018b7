package io.cpufeatures.x86.probe;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import io.cpufeatures.os.ProcessSymbols;
import java.util.BitSet;

/**
 * {@link ThreadAffinity} through glibc's {@code sched_getaffinity} and {@code sched_setaffinity} with
 * pid 0 (the calling thread), called as plain JNA functions of the process. The CPU mask starts at
 * glibc's {@code cpu_set_t} (1024 CPUs) and doubles while the kernel answers EINVAL for a mask
 * smaller than its own, up to 65536 CPUs.
 */
final class LinuxThreadAffinity implements ThreadAffinity {

    private static final int EINVAL = 22;
    private static final int EPERM = 1;
    private static final int FIRST_MASK_BYTES = 128;
    private static final int MAX_MASK_BYTES = 8192;

    private final Function getAffinity;
    private final Function setAffinity;
    private int maskBytes = FIRST_MASK_BYTES;

    LinuxThreadAffinity() {
        this.getAffinity = ProcessSymbols.function("sched_getaffinity");
        this.setAffinity = ProcessSymbols.function("sched_setaffinity");
    }

    @Override
    public BitSet allowed() throws AffinityException {
        while (true) {
            try (Memory mask = new Memory(maskBytes)) {
                mask.clear();
                if (getAffinity.invokeInt(new Object[] {0, (long) maskBytes, mask}) == 0) {
                    return BitSet.valueOf(mask.getByteArray(0, maskBytes));
                }
                int errno = Native.getLastError();
                if (errno != EINVAL || maskBytes >= MAX_MASK_BYTES) {
                    throw new AffinityException("sched_getaffinity failed, errno " + errno, errno);
                }
                maskBytes *= 2;
            }
        }
    }

    @Override
    public void pin(int cpu) throws AffinityException {
        BitSet one = new BitSet();
        one.set(cpu);
        set(one, "pinning to logical CPU " + cpu);
    }

    @Override
    public void restore(BitSet cpus) throws AffinityException {
        set(cpus, "restoring the thread's CPU set");
    }

    private void set(BitSet cpus, String what) throws AffinityException {
        byte[] bits = cpus.toByteArray();
        if (bits.length > maskBytes) {
            throw new AffinityException(what + ": CPU " + cpus.length() + " is beyond the mask size", EINVAL);
        }
        try (Memory mask = new Memory(maskBytes)) {
            mask.clear();
            mask.write(0, bits, 0, bits.length);
            if (setAffinity.invokeInt(new Object[] {0, (long) maskBytes, mask}) != 0) {
                int errno = Native.getLastError();
                throw new AffinityException(what + " refused, errno " + errno + (errno == EINVAL
                        ? " (EINVAL: the CPU is offline or outside the cpuset)" : errno == EPERM
                        ? " (EPERM: not permitted)" : ""), errno);
            }
        }
    }
}
