package io.cpufeatures.x86.probe;

import io.cpufeatures.x86.CpuidRegisters;

/** Executes CPUID and XGETBV on the running CPU (or replays them, in tests). */
public interface CpuidInstruction {

    /**
     * CPUID with EAX = {@code leaf} and ECX = {@code subleaf}.
     *
     * @param leaf    the leaf (EAX input), unsigned
     * @param subleaf the subleaf (ECX input), unsigned; ignored by leaves without subleaves
     * @return EAX..EDX as the CPU returned them, for the CPU the calling thread runs on
     */
    CpuidRegisters cpuid(int leaf, int subleaf);

    /**
     * XGETBV with ECX = 0: the value of XCR0. Callers must call it only when CPUID.1:ECX.OSXSAVE is
     * set; otherwise the instruction raises #UD and the process dies.
     *
     * @return XCR0, EDX:EAX as one 64-bit value
     */
    long xgetbv0();
}
