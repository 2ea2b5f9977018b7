package io.cpufeatures.x86.table;

import io.cpufeatures.x86.table.X86Feature;

import static io.cpufeatures.x86.table.X86Feature.ABM;
import static io.cpufeatures.x86.table.X86Feature.AVX;
import static io.cpufeatures.x86.table.X86Feature.AVX2;
import static io.cpufeatures.x86.table.X86Feature.AVX512BW;
import static io.cpufeatures.x86.table.X86Feature.AVX512CD;
import static io.cpufeatures.x86.table.X86Feature.AVX512DQ;
import static io.cpufeatures.x86.table.X86Feature.AVX512F;
import static io.cpufeatures.x86.table.X86Feature.AVX512VL;
import static io.cpufeatures.x86.table.X86Feature.BMI1;
import static io.cpufeatures.x86.table.X86Feature.BMI2;
import static io.cpufeatures.x86.table.X86Feature.CMOV;
import static io.cpufeatures.x86.table.X86Feature.CX16;
import static io.cpufeatures.x86.table.X86Feature.CX8;
import static io.cpufeatures.x86.table.X86Feature.F16C;
import static io.cpufeatures.x86.table.X86Feature.FMA;
import static io.cpufeatures.x86.table.X86Feature.FPU;
import static io.cpufeatures.x86.table.X86Feature.FXSR;
import static io.cpufeatures.x86.table.X86Feature.LAHF_LM;
import static io.cpufeatures.x86.table.X86Feature.LM;
import static io.cpufeatures.x86.table.X86Feature.MMX;
import static io.cpufeatures.x86.table.X86Feature.MOVBE;
import static io.cpufeatures.x86.table.X86Feature.PNI;
import static io.cpufeatures.x86.table.X86Feature.POPCNT;
import static io.cpufeatures.x86.table.X86Feature.SSE;
import static io.cpufeatures.x86.table.X86Feature.SSE2;
import static io.cpufeatures.x86.table.X86Feature.SSE4_1;
import static io.cpufeatures.x86.table.X86Feature.SSE4_2;
import static io.cpufeatures.x86.table.X86Feature.SSSE3;
import static io.cpufeatures.x86.table.X86Feature.XSAVE;

import java.util.EnumSet;
import java.util.Set;

/**
 * The x86-64 psABI micro-architecture levels (System V AMD64 psABI, 3.1.1; GCC {@code -march=x86-64-vN}),
 * computed from usable features, each level including the ones below it.
 *
 * <p>v1 is long mode with CMOV, CX8, FPU, FXSR, MMX, SSE and SSE2. The psABI also lists SYSCALL,
 * which Intel reports only to 64-bit code (CPUID.0x80000001:EDX[11] reads 0 from a 32-bit
 * program), so dumps taken by 32-bit tools lack it; every CPU with LM has it, and it is not checked.
 * v3's OSXSAVE is checked as a usable {@code xsave} (which needs OSXSAVE); its LZCNT is {@code abm}.
 */
public enum PsAbiLevel {
    /** Not an x86-64 CPU (no long mode), or missing part of the baseline. */
    NONE("none", EnumSet.noneOf(X86Feature.class)),
    /** The x86-64 baseline. */
    V1("x86-64-v1", EnumSet.of(LM, CMOV, CX8, FPU, FXSR, MMX, SSE, SSE2)),
    /** Nehalem-era: CX16, LAHF/SAHF, POPCNT, SSE3, SSE4.1, SSE4.2, SSSE3. */
    V2("x86-64-v2", EnumSet.of(CX16, LAHF_LM, POPCNT, PNI, SSE4_1, SSE4_2, SSSE3)),
    /** Haswell-era: AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE, OSXSAVE. */
    V3("x86-64-v3", EnumSet.of(AVX, AVX2, BMI1, BMI2, F16C, FMA, ABM, MOVBE, XSAVE)),
    /** AVX-512 F, BW, CD, DQ, VL. */
    V4("x86-64-v4", EnumSet.of(AVX512F, AVX512BW, AVX512CD, AVX512DQ, AVX512VL));

    private final String id;
    private final EnumSet<X86Feature> adds;

    PsAbiLevel(String id, EnumSet<X86Feature> adds) {
        this.id = id;
        this.adds = adds;
    }

    /** {@return the level's name, {@code x86-64-v3}, or {@code none}} */
    public String id() {
        return id;
    }

    /** {@return the features this level adds to the one below, as a new mutable set} */
    public Set<X86Feature> adds() {
        return EnumSet.copyOf(adds);
    }

    /**
     * The highest level whose features, and those of every lower level, are all usable.
     *
     * @param usable the usable features; not null
     * @return the level, {@link #NONE} when even the baseline is incomplete
     */
    public static PsAbiLevel of(Set<X86Feature> usable) {
        PsAbiLevel reached = NONE;
        for (PsAbiLevel level : values()) {
            if (level == NONE) {
                continue;
            }
            if (!usable.containsAll(level.adds)) {
                break;
            }
            reached = level;
        }
        return reached;
    }

    @Override
    public String toString() {
        return id;
    }
}
