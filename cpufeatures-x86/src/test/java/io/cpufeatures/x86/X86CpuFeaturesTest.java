package io.cpufeatures.x86;

import io.cpufeatures.x86.table.X86Feature;

import io.cpufeatures.x86.rules.X86DecodedCpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.x86.testing.BundledDumps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The architecture-neutral facade on x86 snapshots and on this machine. */
class X86CpuFeaturesTest {

    private static CpuFeatures zen4() {
        return CpuFeatures.of(BundledDumps.load("amd-ryzen-7-7700x-8-core-processor.test").kinds().get(0).cpu());
    }

    @Test
    void ofDecodesASnapshotWithoutGlobalState() {
        CpuFeatures f = zen4();
        assertEquals("x86_64", f.architecture());
        assertEquals(SourceKind.FILE, f.source().kind());
        assertTrue(f.has("avx512f"));
        assertTrue(f.has("sse3"), "alias of pni");
        assertTrue(f.has("LZCNT"), "alias of abm, any case");
        assertFalse(f.has("prefer_ymm"));
        assertEquals("Zen 4", f.identity().get("microarchitecture"));
        assertTrue(f.unwrap(X86DecodedCpu.class).isPresent());
        assertFalse(f.has("amx_tile"));
        assertEquals(ReasonKind.NOT_PRESENT, f.reasons("amx_tile").get(0).kind());
        assertTrue(f.reasons("amx_tile").get(0).detail().contains("CPUID.(0x7,0):EDX[24]"), f.reasons("amx_tile").toString());
    }

    @Test
    void unknownNamesSuggestTheClosestOnes() {
        UnknownFeatureException e = assertThrows(UnknownFeatureException.class, () -> zen4().has("avx512"));
        assertTrue(e.suggestions().contains("avx512f"), e.getMessage());
        UnknownFeatureException j = assertThrows(UnknownFeatureException.class, () -> zen4().has("jvm.bm2"));
        assertTrue(j.suggestions().contains("jvm.bmi2"), j.getMessage());
    }

    @Test
    void withoutCascadesThroughTheDependencyTable() {
        CpuFeatures f = zen4().without(List.of("avx"));
        assertFalse(f.has("avx2"));
        assertFalse(f.has("avx512_bf16"));
        assertTrue(f.reasons("avx512_bf16").get(0).detail().endsWith("avx disabled: disabled by cpufeatures.disable"),
                f.reasons("avx512_bf16").toString());
        assertTrue(f.has("sse4_2"));
    }

    @Test
    void aWholeProcessCanRunAsIfOnAnotherMachine(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("skx.test");
        try (var in = getClass().getResourceAsStream("/io/cpufeatures/x86/libcpuid/intel-core-i9-10980xe-cpu.test")) {
            Files.write(dump, in.readAllBytes());
        }
        CpuFeatures f = CpuFeatures.probe(new ProbeSettings(List.of("bmi2"), Optional.of(dump), Map.of("xcr0", "0x" + Long.toHexString(0x7)), ProbeMode.AUTO));
        assertEquals(SourceKind.FILE, f.source().kind());
        assertTrue(f.has("prefer_ymm"));
        assertFalse(f.has("avx512f"), "XCR0 0x7 given by the user");
        assertEquals(ReasonKind.REGISTER_STATE, f.reasons("avx512f").get(0).kind());
        assertTrue(f.reasons("avx512f").get(0).detail().contains("given by the user"));
        assertFalse(f.has("bmi2"));
        assertEquals(ReasonKind.DISABLED, f.reasons("bmi2").get(0).kind());
    }

    @Test
    void onThisMachineTheProbeIsNativeAndXcr0IsRead() {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64"));
        CpuFeatures f = CpuFeatures.current();
        assertEquals(SourceKind.NATIVE, f.source().kind(), f.source().toString());
        X86DecodedCpu cpu = f.unwrap(X86DecodedCpu.class).orElseThrow();
        if (cpu.xcr0().osxsave()) {
            assertEquals("xgetbv", f.identity().get("xcr0Source"), f.identity().toString());
            assertEquals(cpu.xcr0().value().orElseThrow(), Long.decode(f.identity().get("xcr0")));
        }
        if (cpu.identity().vendor() == X86Vendor.AMD && cpu.identity().family() == 0x1A
                && cpu.present().contains(io.cpufeatures.x86.table.X86Feature.AVX512F)) {
            // This project's machine: an AMD Zen 5 guest with AVX-512.
            assertEquals(0xe7, cpu.xcr0().value().getAsLong() & 0xe7);
            for (String n : List.of("avx512f", "avx512bw", "avx512vl", "avx512vnni", "avx512_bf16", "avx512vbmi2",
                    "gfni", "vaes", "bmi2", "sha_ni")) {
                assertTrue(f.has(n), n + " " + f.reasons(n));
            }
            assertFalse(f.has("prefer_ymm"));
            assertEquals("x86-64-v4", f.identity().get("level"));
            assertTrue(cpu.hypervisor().isPresent());
        }
    }
}
