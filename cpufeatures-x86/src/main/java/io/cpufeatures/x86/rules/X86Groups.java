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
 * set ISA-L and .NET treat as one, and Skylake-SP's), and the x86-64 psABI levels {@code x86-64-v1}
 * to {@code v4}, derived from {@link PsAbiLevel} (each level with every level below it), so a group
 * and the level the report states cannot disagree.
 */
final class X86Groups {

    /** Group name to canonical members, in order. */
    static final Map<String, List<String>> GROUPS = groups();

    private X86Groups() {
    }

    private static Map<String, List<String>> groups() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("avx512-core", List.of("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"));
        List<String> cumulative = new ArrayList<>();
        for (PsAbiLevel level : PsAbiLevel.values()) {
            if (level == PsAbiLevel.NONE) {
                continue;
            }
            level.adds().stream().map(X86Feature::canonicalName).forEach(cumulative::add);
            m.put(level.id(), List.copyOf(cumulative));
        }
        return Collections.unmodifiableMap(m);
    }
}
