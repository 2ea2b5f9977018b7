package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.table.X86Feature;

import static io.cpufeatures.x86.table.X86Feature.ABM;
import static io.cpufeatures.x86.table.X86Feature.AVX;
import static io.cpufeatures.x86.table.X86Feature.AVX2;
import static io.cpufeatures.x86.table.X86Feature.AVX512BW;
import static io.cpufeatures.x86.table.X86Feature.AVX512F;
import static io.cpufeatures.x86.table.X86Feature.BMI1;
import static io.cpufeatures.x86.table.X86Feature.BMI2;
import static io.cpufeatures.x86.table.X86Feature.FMA;
import static io.cpufeatures.x86.table.X86Feature.POPCNT;
import static io.cpufeatures.x86.table.X86Feature.SSE2;
import static io.cpufeatures.x86.table.X86Feature.SSE4_2;

import io.cpufeatures.core.jvm.JvmGate;
import java.util.List;
import java.util.Map;

/**
 * The x86 {@code jvm.*} gates, as data: each is a HotSpot flag that HotSpot sets from CPUID at start-up
 * and that its intrinsics and code generation obey ({@code src/hotspot/cpu/x86/vm_version_x86.cpp},
 * {@code globals_x86.hpp}), so a CPU feature is of use to Java code only if its gate holds too. And,
 * for each CPU feature, the gates that decide whether Java code gets to use it, the core's Vector API
 * widths among them (SSE2 is what 128-bit vectors need on x86, AVX 256-bit float and double vectors, AVX2
 * 256-bit vectors of every lane type, AVX-512F 512-bit float and double vectors (and int and long), AVX-512BW
 * 512-bit vectors of every lane type: {@code Matcher::vector_width_in_bytes} in {@code src/hotspot/cpu/x86/x86.ad}).
 */
final class X86JvmGates {

    /** The gates, in report order. */
    static final List<JvmGate> GATES = List.of(
            JvmGate.atLeast("jvm.avx", "UseAVX", 1),
            JvmGate.atLeast("jvm.avx2", "UseAVX", 2),
            JvmGate.atLeast("jvm.avx512", "UseAVX", 3),
            JvmGate.atLeast("jvm.sse4_2", "UseSSE", 4),
            JvmGate.enabled("jvm.bmi1", "UseBMI1Instructions"),
            JvmGate.enabled("jvm.bmi2", "UseBMI2Instructions"),
            JvmGate.enabled("jvm.fma", "UseFMA"),
            JvmGate.enabled("jvm.popcnt", "UsePopCountInstruction"),
            JvmGate.enabled("jvm.lzcnt", "UseCountLeadingZerosInstruction"),
            JvmGate.enabled("jvm.tzcnt", "UseCountTrailingZerosInstruction"));

    /**
     * {@return the gates beside each CPU feature that has them} A method, not a field: the gates alone are read without
     * the feature table (another architecture's JVM view reads them).
     */
    static Map<X86Feature, List<String>> byFeature() {
        return Map.ofEntries(
            Map.entry(SSE2, List.of("jvm.vector128")),
            Map.entry(SSE4_2, List.of("jvm.sse4_2")),
            Map.entry(AVX, List.of("jvm.avx", "jvm.vector256_float")),
            Map.entry(AVX2, List.of("jvm.avx2", "jvm.vector256")),
            Map.entry(AVX512F, List.of("jvm.avx512", "jvm.vector512_float")),
            Map.entry(AVX512BW, List.of("jvm.vector512")),
            Map.entry(BMI1, List.of("jvm.bmi1", "jvm.tzcnt")),
            Map.entry(BMI2, List.of("jvm.bmi2")),
            Map.entry(FMA, List.of("jvm.fma")),
            Map.entry(POPCNT, List.of("jvm.popcnt")),
            Map.entry(ABM, List.of("jvm.lzcnt")));
    }

    private X86JvmGates() {
    }
}
