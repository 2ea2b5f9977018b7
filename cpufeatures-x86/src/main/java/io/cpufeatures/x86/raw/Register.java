package io.cpufeatures.x86.raw;

/** The four registers CPUID returns. */
public enum Register {
    EAX, EBX, ECX, EDX
}
