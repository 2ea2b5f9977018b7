package io.cpufeatures.verification.first;

import io.cpufeatures.x86.probe.NativeCpuid;

/**
 * JNA and the x86 stub page alone: what the first answer on x86 pays for executing CPUID and XGETBV through JNA,
 * counted apart from the rest of the first answer (the next step replaces it with a probe library of our own).
 */
public final class StubPageMain {

    private StubPageMain() {
    }

    public static void main(String[] args) throws Exception {
        try (NativeCpuid cpu = NativeCpuid.open()) {
            System.out.println(cpu.cpuid(0, 0).eax() + " " + cpu.xgetbv0());
        }
    }
}
