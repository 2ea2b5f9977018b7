package io.cpufeatures.aarch64.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * HotSpot's AArch64 start-up rules on kernels' HWCAP words and vector lengths, each rule alone: SVE's version and
 * length, a length given, the instructions the kernel withholds, SHA's intrinsics, and every case where the rules
 * answer nothing. (Under qemu-aarch64, against the MXBean: verification's HotSpotFlagsDerivationTest.)
 */
class HotSpotAArch64FlagsTest {

    /** FP, ASIMD, AES, PMULL, SHA1, SHA2, CRC32, ATOMICS: a Neoverse N1's HWCAP less the rest. */
    private static final long NEON = 0x1FBL;
    private static final long SVE = 1L << 22;
    private static final long SVE2 = 1L << 1;
    private static final List<String> ALL = HotSpotAArch64Flags.ANSWERED;

    private static AArch64Snapshot cpu(long hwcap, long hwcap2, int vl) {
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(SnapshotSource.emulated("test")).hwcap(HwcapWord.HWCAP, hwcap)
                .hwcap(HwcapWord.HWCAP2, hwcap2);
        if (vl > 0) {
            b.sveVectorBytes(vl);
        }
        return b.build();
    }

    private static Map<String, String> flags(AArch64Snapshot s, Map<String, String> options) {
        return HotSpotAArch64Flags.flags(s, new HotSpotStart(17, options), ALL).orElseThrow();
    }

    @Test
    void withoutSveVectorsAre16BytesAndEveryGrantedInstructionIsUsed() {
        Map<String, String> f = flags(cpu(NEON, 0, 0), Map.of());
        assertEquals(Map.of("UseSVE", "0", "MaxVectorSize", "16", "UseLSE", "true", "UseCRC32", "true", "UseAES", "true",
                "UseSHA", "true", "UseFMA", "true", "UsePopCountInstruction", "true"), f);
        assertEquals("8", flags(cpu(NEON, 0, 0), Map.of("MaxVectorSize", "4")).get("MaxVectorSize"));
        assertEquals("16", flags(cpu(NEON, 0, 0), Map.of("MaxVectorSize", "64")).get("MaxVectorSize"));
    }

    @Test
    void sveIsItsVersionAndItsLengthIsTheProcesss() {
        assertEquals("1", flags(cpu(NEON | SVE, 0, 64), Map.of()).get("UseSVE"));
        assertEquals("64", flags(cpu(NEON | SVE, 0, 64), Map.of()).get("MaxVectorSize"));
        assertEquals("2", flags(cpu(NEON | SVE, SVE2, 32), Map.of()).get("UseSVE"));
        assertEquals("32", flags(cpu(NEON | SVE, 0, 64), Map.of("MaxVectorSize", "32")).get("MaxVectorSize"));
        Map<String, String> below16 = flags(cpu(NEON | SVE, 0, 64), Map.of("MaxVectorSize", "8"));
        assertEquals("0", below16.get("UseSVE"), "below 16 bytes HotSpot turns SVE off");
        assertEquals("8", below16.get("MaxVectorSize"));
        assertEquals("16", flags(cpu(NEON | SVE, 0, 64), Map.of("UseSVE", "0")).get("MaxVectorSize"));
        assertEquals("0", flags(cpu(NEON, 0, 0), Map.of("UseSVE", "1")).get("UseSVE"), "no SVE: turned off");
    }

    @Test
    void instructionsTheKernelWithholdsAreOffWhateverIsGiven() {
        Map<String, String> f = flags(cpu(0x3, 0, 0), Map.of("UseLSE", "true", "UseCRC32", "true", "UseAES", "true",
                "UseSHA", "true"));
        assertEquals("false", f.get("UseLSE"));
        assertEquals("false", f.get("UseCRC32"));
        assertEquals("false", f.get("UseAES"));
        assertEquals("false", f.get("UseSHA"));
        assertEquals("true", f.get("UsePopCountInstruction"), "always on");
        assertEquals("false", flags(cpu(NEON, 0, 0), Map.of("UseFMA", "false")).get("UseFMA"));
    }

    @Test
    void shaIsOffWhereOnlySha3OrSha512AreGrantedForJdk17EnablesNeitherIntrinsic() {
        long sha3AndSha512Only = 0x3 | 1L << 17 | 1L << 21;
        assertEquals("false", flags(cpu(sha3AndSha512Only, 0, 0), Map.of()).get("UseSHA"));
    }

    @Test
    void theRulesAnswerNothingTheyCannotBeSureOf() {
        AArch64Snapshot sve = cpu(NEON | SVE, 0, 64);
        assertEquals(Optional.empty(), HotSpotAArch64Flags.flags(sve, new HotSpotStart(25, Map.of()), ALL),
                "no JDK 25 for arm64 is tested");
        assertEquals(Optional.empty(), HotSpotAArch64Flags.flags(sve, new HotSpotStart(17, Map.of("MaxVectorSize", "128")),
                ALL), "above the process's length it depends on the hardware's largest");
        assertEquals(Optional.empty(), HotSpotAArch64Flags.flags(cpu(NEON | SVE, 0, 48), new HotSpotStart(17, Map.of()),
                ALL), "a length that is no power of two");
        assertEquals(Optional.empty(), HotSpotAArch64Flags.flags(cpu(NEON | SVE, 0, 0), new HotSpotStart(17, Map.of()),
                ALL), "no length read");
        assertEquals(Optional.empty(), HotSpotAArch64Flags.flags(sve, new HotSpotStart(17, Map.of()), List.of("UseAVX")));
        assertEquals(Optional.empty(), HotSpotAArch64Flags.flags(sve, new HotSpotStart(17, Map.of("UseSVE", "0x1")), ALL));
    }
}
