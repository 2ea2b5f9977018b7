package io.cpufeatures.x86.probe;

import java.util.BitSet;

/**
 * The set of logical CPUs the calling thread may run on, and pinning it to one of them: what the
 * probe needs to read CPUID on every logical CPU of a hybrid part. Only the calling thread is
 * affected (Linux {@code sched_setaffinity(0, ...)} applies to the calling thread).
 */
interface ThreadAffinity {

    /** The logical CPUs the calling thread may run on now. */
    BitSet allowed() throws AffinityException;

    /** Moves the calling thread to logical CPU {@code cpu} alone; on return it runs there. */
    void pin(int cpu) throws AffinityException;

    /** Gives the calling thread the set of logical CPUs {@code cpus} back. */
    void restore(BitSet cpus) throws AffinityException;

    /** A refusal of the OS, with its errno when there is one. */
    final class AffinityException extends Exception {

        private static final long serialVersionUID = 1L;

        /** The errno of the failed call, 0 when none applies. */
        private final int errno;

        AffinityException(String message, int errno) {
            super(message);
            this.errno = errno;
        }

        /** The errno of the failed call, 0 when none applies. */
        int errno() {
            return errno;
        }
    }
}
