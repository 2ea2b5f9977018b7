package io.cpufeatures.x86.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.PolicyFlag;
import io.cpufeatures.x86.table.PsAbiLevel;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.rules.PreferYmmPolicy;
import io.cpufeatures.x86.testing.Corpus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The corpus's edge cases, each by its tag in {@code index.json}: what must come out of the
 * usable and preferred layers on those real CPUs.
 */
class CorpusEdgeCasesTest {

    private static int forTag(String tag, BiConsumer<String, List<X86DecodedCpu>> check) throws Exception {
        Corpus corpus = Corpus.require();
        int n = 0;
        for (Corpus.Entry e : corpus.entries()) {
            boolean tagged = false;
            for (JsonNode t : e.index().get("edge_cases")) {
                tagged |= t.asText().equals(tag);
            }
            if (!tagged) {
                continue;
            }
            List<X86DecodedCpu> cpus = new ArrayList<>();
            for (CpuKind<CpuidSnapshot> g : Corpus.dump(e.original()).kinds()) {
                cpus.add(X86DecodedCpu.of(g.cpu()));
            }
            check.accept(e.id(), cpus);
            n++;
        }
        assertTrue(n > 0, "no dump tagged " + tag);
        return n;
    }

    private static Reason firstReason(X86DecodedCpu cpu, X86Feature f) {
        List<Reason> r = cpu.reasons(f);
        assertFalse(r.isEmpty(), f + " should have a reason");
        return r.get(0);
    }

    @Test
    void skylakeSpWhoseOsDidNotEnableZmmStateHasAvx512PresentButNotUsable() throws Exception {
        forTag("AVX512F_BUT_OS_XCR0_SIZE_SAYS_AVX512_NOT_ENABLED", (id, cpus) -> {
            X86DecodedCpu cpu = cpus.get(0);
            assertTrue(cpu.present().contains(X86Feature.AVX512F), id);
            assertFalse(cpu.isUsable(X86Feature.AVX512F), id);
            Reason r = firstReason(cpu, X86Feature.AVX512F);
            assertEquals(ReasonKind.REGISTER_STATE, r.kind(), id);
            assertEquals("XCR0=0x7 (inferred from CPUID.(0xD,0).EBX) lacks OPMASK|ZMM_Hi256|Hi16_ZMM", r.detail());
            assertTrue(cpu.isUsable("avx2"), id + ": AVX state is enabled");
            assertFalse(cpu.isUsable("avx512f"), id);
            assertEquals(PsAbiLevel.V3, cpu.level(), id);
            assertTrue(cpu.hasPolicy(PolicyFlag.PREFER_YMM), id);
        });
    }

    @Test
    void sandyAndIvyBridgeWithoutYmmStateHaveAvxPresentButNotUsable() throws Exception {
        forTag("AVX_OSXSAVE_SET_BUT_XCR0_SIZE_SAYS_YMM_NOT_ENABLED", (id, cpus) -> {
            for (X86DecodedCpu cpu : cpus) {
                assertTrue(cpu.present().contains(X86Feature.AVX), id);
                assertTrue(cpu.xcr0().osxsave(), id);
                assertFalse(cpu.isUsable(X86Feature.AVX), id);
                Reason r = firstReason(cpu, X86Feature.AVX);
                assertEquals(ReasonKind.REGISTER_STATE, r.kind(), id);
                assertTrue(r.detail().contains("YMM_Hi128"), r.detail());
                assertTrue(cpu.isUsable(X86Feature.SSE4_2), id);
                assertEquals(PsAbiLevel.V2, cpu.level(), id);
            }
        });
    }

    @Test
    void avxWithOsxsaveClearIsNotUsableAndSaysWhy() throws Exception {
        forTag("AVX_BUT_OSXSAVE_CLEAR", (id, cpus) -> {
            X86DecodedCpu cpu = cpus.get(0);
            assertTrue(cpu.present().contains(X86Feature.AVX), id);
            assertFalse(cpu.xcr0().osxsave(), id);
            assertFalse(cpu.isUsable(X86Feature.AVX), id);
            assertEquals(ReasonKind.OS_SUPPORT, firstReason(cpu, X86Feature.AVX).kind(), id);
            assertEquals(ReasonKind.OS_SUPPORT, firstReason(cpu, X86Feature.XSAVE).kind(), id);
            assertTrue(cpu.isUsable(X86Feature.SSE2), id + ": SSE state is FXSAVE-managed without OSXSAVE");
            assertTrue(cpu.xcr0().value().isEmpty(), id);
        });
        forTag("XSAVE_BUT_OSXSAVE_CLEAR", (id, cpus) -> {
            X86DecodedCpu cpu = cpus.get(0);
            assertTrue(cpu.present().contains(X86Feature.XSAVE), id);
            assertFalse(cpu.isUsable(X86Feature.XSAVE), id);
        });
    }

    @Test
    void knightsLandingHasAvx512FoundationWithoutVlBwDqAndStaysAtLevelV3() throws Exception {
        forTag("AVX512F_WITHOUT_VL_BW_DQ", (id, cpus) -> {
            X86DecodedCpu cpu = cpus.get(0);
            assertTrue(cpu.isUsable(X86Feature.AVX512F), id);
            assertTrue(cpu.isUsable(X86Feature.AVX512ER), id);
            assertFalse(cpu.present().contains(X86Feature.AVX512VL), id);
            assertEquals(PsAbiLevel.V3, cpu.level(), id);
            assertFalse(cpu.hasPolicy(PolicyFlag.PREFER_YMM), id);
        });
    }

    @Test
    void hybridPartsYieldOneSnapshotPerCoreTypeWithTheHybridFlag() throws Exception {
        int[] withBothTypes = {0};
        forTag("HYBRID", (id, cpus) -> {
            for (X86DecodedCpu cpu : cpus) {
                assertTrue(cpu.present().contains(X86Feature.HYBRID_CPU), id);
                assertTrue(cpu.identity().coreType().isPresent(), id);
                // each core type is named after its own core: "Alder Lake (Golden Cove)", "Alder Lake (Gracemont)"
                assertTrue(cpu.microarchitecture().orElseThrow().matches(".+ \\(.+(Cove|mont)\\)"),
                        id + ": " + cpu.microarchitecture());
            }
            // Some dumps list only the logical CPUs of one core type; where both are listed they are two kinds.
            if (cpus.stream().map(c -> c.identity().coreType().getAsInt()).distinct().count() >= 2) {
                withBothTypes[0]++;
            }
        });
        assertTrue(withBothTypes[0] >= 15, "hybrid dumps with P- and E-cores apart: " + withBothTypes[0]);
    }

    @Test
    void hypervisorBitDumpsNameTheirHypervisor() throws Exception {
        forTag("HYPERVISOR_BIT", (id, cpus) -> {
            X86DecodedCpu cpu = cpus.get(0);
            assertTrue(cpu.present().contains(X86Feature.HYPERVISOR), id);
            assertTrue(cpu.hypervisor().isPresent(), id);
        });
    }

    @Test
    void aComponentWhoseSubleafReadsZeroIsNeverTakenAsEnabled() throws Exception {
        forTag("XSAVE_SUBLEAF_ZERO_FOR_SUPPORTED_COMPONENT", (id, cpus) -> {
            for (X86DecodedCpu cpu : cpus) {
                long value = cpu.xcr0().value().orElseThrow();
                // Whatever is undetermined is not claimed enabled, and a present PKU is then not usable.
                assertEquals(0, value & cpu.xcr0().undetermined(), id);
                if (cpu.present().contains(X86Feature.PKU) && (cpu.xcr0().undetermined() & 0x200) != 0) {
                    assertFalse(cpu.isUsable(X86Feature.PKU), id);
                    assertEquals(ReasonKind.REGISTER_STATE_UNKNOWN, firstReason(cpu, X86Feature.PKU).kind(), id);
                }
            }
        });
    }

    @Test
    void maxLeafLimitedCpusDecodeFromWhatTheyReport() throws Exception {
        forTag("CPUID_MAXVAL_LIMITED", (id, cpus) -> {
            X86DecodedCpu cpu = cpus.get(0);
            assertTrue(cpu.snapshot().maxBasicLeaf() <= 3, id);
            assertTrue(cpu.present().contains(X86Feature.SSE2), id);
        });
    }

    @Test
    void preferYmmIsSetOnExactlyTheKernelsModelListAndOnNoOtherAvx512Cpu() throws Exception {
        Corpus corpus = Corpus.require();
        int positives = 0;
        int avx512Negatives = 0;
        for (Corpus.Entry e : corpus.entries()) {
            for (CpuKind<CpuidSnapshot> g : Corpus.dump(e.original()).kinds()) {
                X86DecodedCpu cpu = X86DecodedCpu.of(g.cpu());
                boolean onList = cpu.identity().isIntel() && cpu.identity().family() == 6
                        && PreferYmmPolicy.MODELS.contains(cpu.identity().model());
                assertEquals(onList, cpu.hasPolicy(PolicyFlag.PREFER_YMM), e.id());
                if (onList) {
                    positives++;
                } else if (cpu.present().contains(X86Feature.AVX512F)) {
                    avx512Negatives++;
                }
            }
        }
        System.out.printf("prefer_ymm: %d positives, %d other AVX-512 CPUs without it%n", positives, avx512Negatives);
        assertTrue(positives >= 15, "positives: " + positives);
        assertTrue(avx512Negatives >= 20, "negatives: " + avx512Negatives);
    }

    @Test
    void everyBucketOfTheCorpusGetsItsMicroarchitectureName() throws Exception {
        Map<String, Set<String>> accepted = Map.ofEntries(
                Map.entry("AMD Jaguar/Puma", Set.of("Jaguar", "Puma")),
                // The corpus's buckets follow InstLatx64's file names; families 0x11 and 0x12 are K8 and K10
                // derivatives (issue 15), AMD's K12 is an ARM core.
                Map.entry("AMD K11 (Griffin)", Set.of("K8 (Griffin)")),
                Map.entry("AMD K12 (Llano)", Set.of("K10 (Llano)")),
                Map.entry("AMD K5/K6", Set.of("K5", "K6")),
                Map.entry("Alder Lake (hybrid)", Set.of("Alder Lake")),
                Map.entry("Alder Lake-N / Twin Lake (E-core only)", Set.of("Alder Lake-N (Gracemont)")),
                Map.entry("Arrow Lake (hybrid)", Set.of("Arrow Lake")),
                Map.entry("Cascade Lake (0x55 s5-7)", Set.of("Cascade Lake")),
                Map.entry("CyrixInstead", Set.of("Cyrix 6x86 (M1)", "Cyrix 6x86MX (M2)")),
                Map.entry("GenuineTMx86", Set.of("Transmeta Crusoe")),
                Map.entry("Geode by NSC", Set.of("Geode")),
                Map.entry("Hygon Dhyana (Zen)", Set.of("Dhyana (Zen)")),
                Map.entry("Ice Lake (client)", Set.of("Ice Lake")),
                Map.entry("Ice Lake server (0x6A/0x6C)", Set.of("Ice Lake-SP", "Ice Lake-D")),
                Map.entry("Kaby/Coffee/Comet Lake", Set.of("Kaby Lake", "Coffee Lake", "Whiskey Lake", "Comet Lake",
                        "Kaby Lake R / Coffee Lake", "Whiskey Lake / Comet Lake")),
                Map.entry("Knights Landing/Mill", Set.of("Knights Landing", "Knights Mill")),
                Map.entry("Meteor Lake (hybrid)", Set.of("Meteor Lake")),
                Map.entry("P5", Set.of("P5", "P5 MMX")),
                Map.entry("Raptor Lake (hybrid)", Set.of("Raptor Lake")),
                Map.entry("RiseRiseRise", Set.of("Rise mP6")),
                Map.entry("Skylake (client)", Set.of("Skylake")),
                Map.entry("Skylake-SP (0x55 s<=4)", Set.of("Skylake-SP")),
                Map.entry("VIA/Centaur", Set.of("WinChip C6", "WinChip 2", "WinChip 3", "C3", "C7 (Esther)",
                        "Nano (Isaiah)", "CNS")),
                Map.entry("Virtual CPU", Set.of("x86 emulation (Windows on Arm)")),
                Map.entry("Vortex86 SoC", Set.of("Vortex86")),
                Map.entry("Zhaoxin", Set.of("Zhaoxin LuJiaZui")));
        Corpus corpus = Corpus.require();
        List<String> problems = new ArrayList<>();
        for (Corpus.Entry e : corpus.entries()) {
            String bucket = e.index().get("bucket").asText();
            for (CpuKind<CpuidSnapshot> g : Corpus.dump(e.original()).kinds()) {
                X86DecodedCpu cpu = X86DecodedCpu.of(g.cpu());
                String name = cpu.microarchitecture().orElse("<none>");
                Set<String> ok = accepted.get(bucket);
                // a hybrid part's cores are named "Alder Lake (Golden Cove)": the part, then the core
                String part = bucket.endsWith("(hybrid)") ? name.replaceFirst(" \\(.*\\)$", "") : name;
                boolean match = ok != null ? ok.contains(part)
                        : name.equals(bucket.replaceFirst("^AMD ", "")) || name.startsWith(bucket + " (");
                if (!match) {
                    problems.add(e.id() + ": bucket '" + bucket + "', ours '" + name + "'");
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
