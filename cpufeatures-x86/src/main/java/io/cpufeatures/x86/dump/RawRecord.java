package io.cpufeatures.x86.dump;

import io.cpufeatures.x86.CpuidRegisters;

/**
 * One register line of a dump before subleaf numbering.
 *
 * @param leaf      the leaf
 * @param subleaf   the subleaf, or -1 when the line did not say (old AIDA64 builds)
 * @param registers the four registers
 * @param line      the 1-based line number in the file
 * @param replaces  whether this record is authoritative over an earlier one for the same key
 *                  (libcpuid's subleaf arrays repeat slot 0 of {@code basic_cpuid})
 */
record RawRecord(int leaf, int subleaf, CpuidRegisters registers, int line, boolean replaces) {

    static final int UNTAGGED = -1;

    boolean tagged() {
        return subleaf != UNTAGGED;
    }
}
