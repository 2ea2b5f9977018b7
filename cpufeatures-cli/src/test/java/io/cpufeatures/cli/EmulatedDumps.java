package io.cpufeatures.cli;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Dump files of CPUs described with the emulation API, written in their architecture's format, for the command to read. */
final class EmulatedDumps {

    private static final String[] HASWELL = {"fpu", "cx8", "cmov", "mmx", "fxsr", "sse", "sse2", "pni", "ssse3", "cx16",
        "sse4_1", "sse4_2", "popcnt", "movbe", "xsave", "osxsave", "avx", "f16c", "fma", "avx2", "bmi1", "bmi2", "abm",
        "lahf_lm", "lm", "aes", "pclmulqdq"};

    private EmulatedDumps() {
    }

    /** A Cascade Lake server (Intel 6/0x55/7), AVX-512 everywhere: a part Linux gives prefer_ymm. */
    static EmulatedCpu.Builder cascadeLake() {
        return EmulatedCpu.intel(6, 0x55, 7).brand("Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz").features(HASWELL)
                .features("avx512-core");
    }

    /** A Sandy Bridge (Intel 6/0x2a/7) whose OS left YMM state off: XCR0 0x3, inferred from leaf 0xD. */
    static EmulatedCpu.Builder sandyBridgeWithoutYmm() {
        return EmulatedCpu.intel(6, 0x2a, 7).features("fpu", "fxsr", "mmx", "sse", "sse2", "pni", "popcnt", "xsave",
                "osxsave", "avx").osEnabled(0x3).xcr0Unknown();
    }

    /** A Zen 4 (AMD 0x19/0x61/2) with AVX-512. */
    static EmulatedCpu.Builder zen4() {
        return EmulatedCpu.amd(0x19, 0x61, 2).features(HASWELL).features("avx512-core", "avx512_bf16");
    }

    /** A Core 2 (Intel 6/0xf/6): SSE3, no POPCNT. */
    static EmulatedCpu.Builder core2() {
        return EmulatedCpu.intel(6, 0xf, 6).features("fpu", "cmov", "mmx", "fxsr", "sse", "sse2", "pni", "ssse3", "lm");
    }

    /** A Haswell desktop (Intel 6/0x3c/3): x86-64-v3, AES and CLMUL; no ADX, PREFETCHW or CLFLUSHOPT (Broadwell's, Skylake's). */
    static EmulatedCpu.Builder haswell() {
        return EmulatedCpu.intel(6, 0x3c, 3).brand("Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz").features(HASWELL)
                .features("tsc", "clflush", "erms");
    }

    /** A Skylake server (Intel 6/0x55/4): Haswell's features, ADX, PREFETCHW, CLFLUSHOPT, CLWB, PKU and AVX-512. */
    static EmulatedCpu.Builder skylakeServer() {
        return EmulatedCpu.intel(6, 0x55, 4).brand("Intel(R) Xeon(R) Gold 6148 CPU @ 2.40GHz").features(HASWELL)
                .features("adx", "3dnowprefetch", "clflushopt", "clwb", "pku", "ospke", "avx512-core");
    }

    /** A Core 2 (Intel 6/0xf/6) with what a Merom has in 64-bit mode: CX8, CX16, LAHF; no POPCNT or SSE4. */
    static EmulatedCpu.Builder merom() {
        return EmulatedCpu.intel(6, 0xf, 6).features("fpu", "tsc", "cx8", "cmov", "mmx", "fxsr", "sse", "sse2", "pni",
                "ssse3", "cx16", "lahf_lm", "lm");
    }

    /** Writes {@code count} logical CPUs of {@code cpu} to {@code dir/name}. */
    static Path write(Path dir, String name, EmulatedCpu.Builder cpu, int count) throws IOException {
        return Files.writeString(dir.resolve(name), CpuDumps.write(Collections.nCopies(count, cpu.decode())));
    }

    /**
     * A hybrid dump whose two core types differ: {@code performance} logical CPUs of type 0x40 with POPCNT,
     * then {@code efficiency} of type 0x20 without it (no real part does this; Intel documents no guarantee
     * that they never will).
     */
    static Path hybridWithoutPopcntOnEfficiencyCores(Path dir, int performance, int efficiency) throws IOException {
        List<CpuFeatures> cpus = new ArrayList<>();
        for (int i = 0; i < performance + efficiency; i++) {
            boolean p = i < performance;
            EmulatedCpu.Builder cpu = EmulatedCpu.intel(6, 0x9a, 3).features("fpu", "cmov", "mmx", "fxsr", "sse", "sse2",
                    "lm", "hybrid_cpu").leaf(0x1A, 0, (p ? 0x40 : 0x20) << 24 | 1, 0, 0, 0);
            cpus.add((p ? cpu.features("popcnt") : cpu).decode());
        }
        return Files.writeString(dir.resolve("asymmetric.txt"), CpuDumps.write(cpus));
    }

    /** An Alder Lake-like hybrid dump: {@code performance} logical CPUs of core type 0x40, then {@code efficiency} of 0x20. */
    static Path hybrid(Path dir, int performance, int efficiency) throws IOException {
        List<CpuFeatures> cpus = new ArrayList<>();
        for (int i = 0; i < performance + efficiency; i++) {
            int coreType = i < performance ? 0x40 : 0x20;
            cpus.add(EmulatedCpu.intel(6, 0x9a, 3).features(HASWELL).features("hybrid_cpu")
                    .leaf(0x1A, 0, coreType << 24 | 1, 0, 0, 0).decode());
        }
        return Files.writeString(dir.resolve("adl.txt"), CpuDumps.write(cpus));
    }
}
