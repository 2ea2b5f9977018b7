package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchOverrides;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.Explanation;
import io.cpufeatures.dispatch.Requirements;
import io.cpufeatures.dispatch.Selection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Vector API kernel and the native variants in one calibrated point: each eligible one is made, self-tested and
 * timed on the same 4 KiB page, and the explanation gives every speed; the native variants this CPU cannot run
 * are passed over with their reasons and never loaded.
 */
class NativeAgainstVectorCalibrationTest {

    @Test
    void theVectorKernelAndTheNativeVariantsAreTimedAgainstEachOther() {
        CpuFeatures here = CpuFeatures.current();
        assumeTrue(here.has("avx2") && here.has("jvm.vector256"), "an AVX2 machine whose JIT compiles 256-bit vectors");
        DispatchPoint<XorKernel> point = DispatchPoint.builder("test.xor", XorKernel.class)
                .candidate(Candidate.of("vector256", "Vector API, 256 bits, calibrated here", 10,
                        Requirements.of(List.of("avx2", "jvm.vector256"), List.of(), "test"), () -> new Vector256Xor()))
                .candidates(XorGen.NATIVE_VARIANTS.<XorKernel>candidates("native.", 5, XorNatives::load))
                .calibrate(true)
                .build();
        Selection<XorKernel> s = point.selectForTest(here, DispatchOverrides.none());
        Explanation e = s.explain();
        assertTrue(e.candidate("vector256").orElseThrow().speed().isPresent(), e.format());
        assertTrue(e.candidate("native.x86_64.x86-64-v3").orElseThrow().speed().isPresent(), e.format());
        assertTrue(e.candidate("native.x86_64.baseline").orElseThrow().speed().isPresent(), e.format());
        assertTrue(e.candidate("native.aarch64.sve").orElseThrow().reasons().get(0)
                .startsWith("a native library for linux-aarch64"), e.format());
        assertEquals(here.has("x86-64-v4") && !here.has("prefer_ymm"),
                e.candidate("native.x86_64.x86-64-v4").orElseThrow().speed().isPresent(), e.format());
        // whatever won, it computes the xor
        byte[][] src = {{1, 2, 3}, {4, 5, 6}};
        byte[] d = new byte[3];
        s.instance().gen(d, 0, src, 0, 3);
        assertEquals(List.of((byte) 5, (byte) 7, (byte) 5), List.of(d[0], d[1], d[2]));
    }
}
