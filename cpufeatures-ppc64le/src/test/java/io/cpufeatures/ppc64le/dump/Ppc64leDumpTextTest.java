package io.cpufeatures.ppc64le.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The ppc64le dump format: what is written reads back, what is malformed is refused naming the line. */
class Ppc64leDumpTextTest {

    private static final Ppc64leSnapshot POWER9 = new Ppc64leSnapshot(0xdc0065c2L, 0xbef00000L, Optional.of("power9"),
            Optional.of("power9"), OptionalInt.of(0x004e1202), SnapshotSource.emulated("a POWER9"));
    private static final Ppc64leSnapshot QEMU = new Ppc64leSnapshot(0x58000580L, 0x8e000000L, Optional.empty(),
            Optional.empty(), OptionalInt.empty(), SnapshotSource.emulated("qemu power8"));

    @Test
    void whatIsWrittenReadsBackAndAlikeCpusAreOneKind() throws Exception {
        String text = Ppc64leDumpText.FORMAT.write(List.of(POWER9, POWER9, QEMU));
        CpuDump dump = CpuDumps.parse("p.txt", text, Map.of());
        assertEquals("ppc64le_dump", dump.format());
        assertEquals(List.of(2, 1), dump.kinds().stream().map(k -> k.logicalCpus()).toList());
        assertEquals(POWER9, dump.kinds().get(0).cpu().snapshot().orElseThrow());
        assertEquals(QEMU, dump.kinds().get(1).cpu().snapshot().orElseThrow());
        assertEquals("file (p.txt logical CPU 2)", dump.kinds().get(1).cpu().snapshot().orElseThrow().source().toString());
        CpuFeatures again = CpuDumps.parse("q.txt", CpuDumps.write(List.of(dump.kinds().get(0).cpu())), Map.of())
                .kinds().get(0).cpu();
        assertEquals(dump.kinds().get(0).cpu().usable(), again.usable());
    }

    @Test
    void eachKindOfMalformedFileIsRefusedInOneLine() {
        String good = Ppc64leDumpText.FORMAT.write(List.of(POWER9));
        refused(good.replace("hwcap2 0xbef00000\n", ""), 3, "the CPU of this line has no 'hwcap2'; every CPU needs hwcap and"
                + " hwcap2");
        refused(good.replace("hwcap 0xdc0065c2", "hwcap 0x1dc0065c2"), 3, "the CPU of this line does not hold together: the"
                + " powerpc HWCAP words are 32 bits");
        refused(good.replace("pvr 0x004e1202", "pvr 0x1004e1202"), 3, "the CPU of this line does not hold together: the PVR"
                + " is 32 bits, not 0x1004e1202");
        refused(good.replace("platform power9", "platform power9;rm"), 7, "'platform power9;rm': the value is not a word of");
        refused(good.replace("pvr 0x004e1202", "midr 0x1"), 9, "unknown key 'midr'; accepted: hwcap, hwcap2, platform,"
                + " base_platform, pvr");
        refused(good.replace("cpufeatures-ppc64le-dump 1", "cpufeatures-ppc64le-dump 9"), 1, "header");
    }

    @Test
    void anXcr0GivenWithAPpc64leDumpIsRefused() {
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("p.txt",
                Ppc64leDumpText.FORMAT.write(List.of(QEMU)), Map.of("xcr0", "0x" + Long.toHexString(7))));
        assertEquals("p.txt: 'xcr0' was given to assume, and a ppc64le dump is read assuming nothing", e.getMessage());
    }

    private static void refused(String text, int line, String problem) {
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> Ppc64leDumpText.FORMAT.parse("d.txt", text));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.problem().startsWith(problem), e.getMessage() + "\n  expected: " + problem);
    }
}
