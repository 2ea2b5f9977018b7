package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.table.X86Feature;

import io.cpufeatures.x86.table.PsAbiLevel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The named groups of x86 features a requirement may use: {@code avx512-core} (F, CD, BW, DQ, VL: the
 * set ISA-L and .NET treat as one, and Skylake-SP's), {@code avx512-narrow-lanes} (what 512-bit Vector
 * API code of byte, short or char lanes needs), and the x86-64 psABI levels {@code x86-64-v1} to
 * {@code v4}, derived from {@link PsAbiLevel} (each level with every level below it), so a group and
 * the level the report states cannot disagree.
 *
 * <p>{@code avx512-narrow-lanes} is AVX-512BW and {@code jvm.vector512}: under {@code UseAVX=3} C2 gives
 * byte, short and char vectors 64 bytes only with AVX-512BW, 32 without ({@link X86Architecture#vectorBits},
 * {@code Matcher::vector_width_in_bytes}). {@code jvm.vector512} holds only where every lane type gets 512 bits, so
 * on the running JVM it already implies AVX-512BW; the group keeps the CPU half explicit for a report whose CPU is
 * not the JVM's (a dump, an emulated CPU), whose CPU features follow the CPU asked about while the JVM's view is the
 * running JVM's. Float and double lanes need {@code jvm.vector512_float} only.
 */
final class X86Groups {

    /** Group name to canonical members, in order. */
    static final Map<String, List<String>> GROUPS = groups();

    private X86Groups() {
    }

    private static Map<String, List<String>> groups() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("avx512-core", List.of("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"));
        m.put("avx512-narrow-lanes", List.of("avx512bw", "jvm.vector512"));
        List<String> cumulative = new ArrayList<>();
        for (PsAbiLevel level : PsAbiLevel.values()) {
            if (level == PsAbiLevel.NONE) {
                continue;
            }
            for (X86Feature f : level.adds()) {
                cumulative.add(f.canonicalName());
            }
            m.put(level.id(), List.copyOf(cumulative));
        }
        return Collections.unmodifiableMap(m);
    }
}
