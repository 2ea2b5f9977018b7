package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.rules.X86DecodedCpu;

import io.cpufeatures.x86.CpuidSnapshot;

import io.cpufeatures.x86.rules.X86Architecture;

import java.util.Set;

/**
 * Decodes a CPUID snapshot through the layers raw, present, usable, preferred (the kit's usable layer
 * and policy table with {@code X86Architecture}). A pure function: no global state, no I/O, the same answer
 * for the same snapshot.
 */
public final class X86Decoder {

    private X86Decoder() {
    }

    /**
     * Decodes {@code snapshot}.
     *
     * @param snapshot the raw CPUID answers and XCR0 of one logical CPU; not null
     * @return everything the decoder says about that CPU
     */
    public static X86DecodedCpu decode(CpuidSnapshot snapshot) {
        return X86Architecture.INSTANCE.decode(snapshot, Set.of());
    }
}
