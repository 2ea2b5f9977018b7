package io.cpufeatures.ppc64le;

import io.cpufeatures.ppc64le.rules.Ppc64leDecodedCpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The bundled dumps decoded: present is the kernel's bits, usable through the dependencies, the processor named. */
class Ppc64leDecodingTest {

    private static Ppc64leSnapshot snapshot(long hwcap, long hwcap2, String platform, Integer pvr) {
        return new Ppc64leSnapshot(hwcap, hwcap2, Optional.ofNullable(platform), Optional.empty(),
                pvr == null ? OptionalInt.empty() : OptionalInt.of(pvr), SnapshotSource.emulated("test"));
    }

    private static Set<String> bits(Ppc64leSnapshot s) {
        Set<String> names = new LinkedHashSet<>();
        for (Ppc64leFeature f : Ppc64leFeature.values()) {
            if (s.has(f)) {
                names.add(f.canonicalName());
            }
        }
        return names;
    }

    @Test
    void eachQemuModelIsNamedByItsNewestIsaLevelAndAllItsBitsAreUsable() {
        Map<String, String> models = Map.of("qemu/qemu-power8.txt", "POWER8", "qemu/qemu-power9.txt", "POWER9",
                "qemu/qemu-power10.txt", "POWER10");
        models.forEach((path, name) -> {
            CpuFeatures f = BundledDumps.read(path).kinds().get(0).cpu();
            Ppc64leDecodedCpu info = f.unwrap(Ppc64leDecodedCpu.class).orElseThrow();
            assertEquals(name, info.processor().orElseThrow().name(), path);
            assertEquals("isa-level", info.processor().orElseThrow().basis(), path);
            assertEquals(bits(info.snapshot()), f.present(), path);
            assertEquals(f.present(), f.usable(), path + ": qemu sets every bit each dependency needs");
            assertEquals(name, f.identity().get("processor"));
        });
        CpuFeatures p10 = BundledDumps.read("qemu/qemu-power10.txt").kinds().get(0).cpu();
        assertTrue(p10.has("mma") && p10.has("arch_3_1") && p10.has("vsx"));
        CpuFeatures p8 = BundledDumps.read("qemu/qemu-power8.txt").kinds().get(0).cpu();
        assertFalse(p8.has("arch_3_00"));
        assertEquals("the kernel does not report it (PPC_FEATURE2_ARCH_3_00 (AT_HWCAP2 0x00800000) is clear)",
                p8.reasons("arch_3_00").get(0).detail());
    }

    @Test
    void aRealPower8IsNamedByItsPlatformAndHasWhatItsKernelSets() {
        CpuFeatures f = BundledDumps.read("real/power8-redhat-cip.txt").kinds().get(0).cpu();
        Processor p = f.unwrap(Ppc64leDecodedCpu.class).orElseThrow().processor().orElseThrow();
        assertEquals(new Processor("POWER8", "2.07", "platform", "AT_BASE_PLATFORM power8"), p);
        assertEquals(Set.of("ppc32", "ppc64", "altivec", "fpu", "mmu", "smt", "ic_snoop", "dfp", "arch_2_06", "vsx", "archpmu",
                "true_le", "arch_2_07", "htm", "dscr", "ebb", "isel", "tar", "vcrypto", "htm_nosc"), f.usable());
    }

    @Test
    void theProcessorVersionRegisterNamesTheProcessorFirst() {
        assertEquals("POWER9", Processor.of(snapshot(0x58000580L, 0x8e000000L, "power8", 0x004e1202)).orElseThrow().name());
        assertEquals("Power11", Processor.of(snapshot(0, 0, null, 0x00820200)).orElseThrow().name());
        assertEquals("POWER10", Processor.of(snapshot(0, 0, "power10", 0x12345678)).orElseThrow().name(),
                "a PVR the table does not know gives way to the platform");
        assertEquals(Optional.empty(), Processor.of(snapshot(0x40000000L, 0, "ppc970", null)),
                "no PVR it knows, no POWER platform, no ISA level");
        assertThrows(IllegalArgumentException.class, () -> new Processor("POWER9", "3.0", "guess", "-"));
        Processor byIsa = Processor.of(snapshot(0x58000580L, 0x8e800000L, "ppc-future", 0x12340000)).orElseThrow();
        assertEquals(new Processor("POWER9", "3.0", "isa-level", "ISA 3.0 (arch_3_00 in AT_HWCAP2; PVR 0x12340000 not"
                + " in the table, platform ppc-future not in the table), first implemented by POWER9"), byIsa,
                "the ISA level says why the PVR and the platform did not name it");
    }

    @Test
    void aFeatureWhoseDependencyTheKernelDoesNotSetIsRefusedNamingIt() {
        CpuFeatures f = CpuFeatures.of(snapshot(0x08000080 | 0x40000000, 0x00020000, null, null));
        assertTrue(f.isPresent("vsx") && !f.has("vsx") && !f.has("mma"));
        assertEquals(List.of(new Reason(ReasonKind.DEPENDENCY, "vsx <- altivec: altivec not present")), f.reasons("vsx"));
        assertEquals(List.of(new Reason(ReasonKind.DEPENDENCY, "mma <- vsx <- altivec: altivec not present")), f.reasons("mma"));
        CpuFeatures noVmx = BundledDumps.read("qemu/qemu-power9.txt").kinds().get(0).cpu().without(List.of("altivec"));
        assertTrue(!noVmx.has("vsx") && !noVmx.has("vcrypto") && !noVmx.has("ieee128") && noVmx.has("darn") && noVmx.has("dfp"),
                noVmx.usable().toString());
    }

    @Test
    void everyFeaturesTraceAgreesWithTheDecodingOnEveryBundledDump() {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (String path : BundledDumps.ALL) {
            CpuFeatures f = BundledDumps.read(path).kinds().get(0).cpu();
            for (Ppc64leFeature feature : Ppc64leFeature.values()) {
                String n = feature.canonicalName();
                FeatureTrace t = (FeatureTrace) f.trace(n).orElseThrow();
                Verdict expected = f.has(n) ? Verdict.USABLE : f.isPresent(n) ? Verdict.NOT_USABLE : Verdict.NOT_PRESENT;
                if (t.verdict() != expected || t.presence().holds() != f.isPresent(n)
                        || !t.reasons().equals(f.has(n) || !f.isPresent(n) ? List.of() : f.reasons(n))) {
                    problems.add(path + " " + n + ": " + t);
                }
                checked++;
            }
        }
        assertEquals(4 * Ppc64leFeature.values().length, checked);
        assertEquals(List.of(), problems);
    }

    @Test
    void aSnapshotRefusesWordsWiderThanThe32BitsOfPowerpcs() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> snapshot(1L << 32, 0, null, null));
        assertEquals("the powerpc HWCAP words are 32 bits: AT_HWCAP=0x100000000, AT_HWCAP2=0x0", e.getMessage());
        assertEquals(snapshot(1, 2, "power9", 3), snapshot(1, 2, "power9", 3).withSource(SnapshotSource.file("x")),
                "equal whatever the source");
    }
}
