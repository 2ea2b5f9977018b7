package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** GraalVM's table: its names agree with HotSpot's, and its values nest as GraalVM defines them. */
class GraalVmMarchTest {

    /** HotSpot's spelling of a JVMCI name: the same in lower case but for these. */
    private static final Map<String, String> HOTSPOT_SPELLING = Map.of("SSE4_1", "sse4.1", "SSE4_2", "sse4.2",
            "AMD_3DNOW_PREFETCH", "3dnowpref", "FLUSH", "clflush", "FLUSHOPT", "clflushopt");

    @Test
    void everyAmd64NameIsTheFeatureOfHotSpotsNameForIt() {
        Map<String, String> names = GraalVmMarch.names(GraalVmMarch.X86_64);
        assertTrue(names.size() > 50, names.toString());
        names.forEach((graal, library) -> assertEquals(Optional.of(library), CpuFeatures.fromHotSpotName("x86_64",
                HOTSPOT_SPELLING.getOrDefault(graal, graal.toLowerCase(java.util.Locale.ROOT))), graal));
    }

    @Test
    void valuesNestAsGraalVmDefinesThemAndCompatibilityIsPerArchitecture() {
        Map<String, List<String>> f = new java.util.HashMap<>();
        GraalVmMarch.VALUES.forEach(m -> f.put(m.name(), m.features()));
        assertTrue(f.get("x86-64-v4").containsAll(f.get("x86-64-v3")));
        assertTrue(f.get("skylake-avx512").containsAll(f.get("skylake")));
        assertTrue(f.get("skylake").containsAll(f.get("haswell")));
        assertTrue(f.get("haswell").containsAll(f.get("x86-64-v3")), "haswell is v3 with AES and CLMUL");
        assertEquals(f.get("x86-64"), f.get("x86-64-v1"));
        assertTrue(f.get("armv8.1-a").containsAll(f.get("armv8-a")));
        List<GraalVmMarch.March> compatibility = GraalVmMarch.of("compatibility");
        assertEquals(List.of(GraalVmMarch.X86_64, GraalVmMarch.AARCH64),
                compatibility.stream().map(GraalVmMarch.March::architecture).toList());
        assertEquals(f.get("x86-64"), compatibility.get(0).features());
        assertEquals(f.get("armv8-a"), compatibility.get(1).features());
        assertEquals(List.of("FP", "ASIMD", "AES", "PMULL", "CRC32", "LSE"),
                GraalVmMarch.of("armv8.1-a+aes").get(0).features());
        assertEquals(List.of("FP", "ASIMD", "CRC32"), GraalVmMarch.of("armv8.1-a+nolse").get(0).features());
    }
}
