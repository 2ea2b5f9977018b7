package io.cpufeatures.aarch64.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SourceKind;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The macOS sysctl listing: read through the public dump path, refused clearly when malformed. */
class MacSysctlListingTest {

    private static final String SMALL = String.join("\n",
            "# a hand-made listing for the reader's rules (not a machine)",
            "hw.cpufamily: 458787763",
            "hw.logicalcpu: 8",
            "hw.optional.floatingpoint: 1",
            "hw.optional.neon: 1",
            "hw.optional.arm.FEAT_AES: 1",
            "hw.optional.arm.FEAT_LSE: 1",
            "hw.optional.arm.FEAT_BF16: 0",
            "hw.optional.arm.FEAT_SOMETHING_NEW: 1",
            "");

    @Test
    void aListingIsReadAsTheKernelsWordOnAnyMachine() throws Exception {
        CpuDump dump = CpuDumps.parse("m1.txt", SMALL, OptionalLong.empty());
        assertEquals(MacSysctlListing.FORMAT, dump.format());
        assertEquals(8, dump.logicalCpus());
        CpuFeatures cpu = dump.machine();
        assertEquals("aarch64", cpu.architecture());
        assertEquals(SourceKind.FILE, cpu.source().kind());
        assertTrue(cpu.source().detail().contains("Apple M1"), cpu.source().detail());
        for (String f : new String[] {"fp", "asimd", "aes", "atomics"}) {
            assertTrue(cpu.has(f), f + " " + cpu.usable());
        }
        assertFalse(cpu.has("bf16"), "FEAT_BF16: 0");
        assertFalse(cpu.has("sve"), "no key grants it");
    }

    @Test
    void malformedListingsAreOneLineErrorsNamingTheLine() {
        DumpFormatException line = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("bad.txt", "hw.optional.arm.FEAT_AES: 1\nthis is not sysctl\n", OptionalLong.empty()));
        assertTrue(line.getMessage().startsWith("bad.txt:2: not a 'key: value' line of a sysctl listing"), line.getMessage());
        DumpFormatException value = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("v.txt", "hw.optional.arm.FEAT_AES: yes\n", OptionalLong.empty()));
        assertTrue(value.getMessage().startsWith("v.txt:1: hw.optional.arm.FEAT_AES is 'yes'; accepted: 0 or 1"),
                value.getMessage());
        assertFalse(value.getMessage().contains("\n"));
    }

    @Test
    void anIntelMacsListingIsNotAnAppleSiliconOne() {
        assertFalse(MacSysctlListing.recognises("hw.optional.avx2_0: 1\nhw.optional.sse4_2: 1\nmachdep.cpu.vendor: GenuineIntel\n"));
        assertTrue(MacSysctlListing.recognises(SMALL));
    }

    @Test
    void theChipIsNamedFromItsFamilyOrItsNumber() {
        assertEquals("Apple M2 / A15 (Avalanche + Blizzard)", AppleChips.name("-634136515"), "sysctl prints it signed");
        assertEquals("Apple M4 (Donan)", AppleChips.name("0x6f5129ac"));
        assertEquals("an Apple-silicon chip (hw.cpufamily 0x12345678)", AppleChips.name("305419896"));
        assertTrue(AppleChips.name("x").contains("is not a number"));
    }
}
