package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.aarch64.IdRegister;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stubs' machine code, against the encodings GNU as 2.40 gives {@code mrs x0, <register>}. */
class MrsStubsTest {

    /** From {@code aarch64-linux-gnu-objdump -d} of a C program that reads each register with inline assembly. */
    private static final Map<IdRegister, Integer> GNU_AS = Map.ofEntries(
            Map.entry(IdRegister.MIDR_EL1, 0xd5380000), Map.entry(IdRegister.REVIDR_EL1, 0xd53800c0),
            Map.entry(IdRegister.ID_AA64PFR0_EL1, 0xd5380400), Map.entry(IdRegister.ID_AA64PFR1_EL1, 0xd5380420),
            Map.entry(IdRegister.ID_AA64PFR2_EL1, 0xd5380440), Map.entry(IdRegister.ID_AA64ZFR0_EL1, 0xd5380480),
            Map.entry(IdRegister.ID_AA64SMFR0_EL1, 0xd53804a0), Map.entry(IdRegister.ID_AA64FPFR0_EL1, 0xd53804e0),
            Map.entry(IdRegister.ID_AA64ISAR0_EL1, 0xd5380600), Map.entry(IdRegister.ID_AA64ISAR1_EL1, 0xd5380620),
            Map.entry(IdRegister.ID_AA64ISAR2_EL1, 0xd5380640), Map.entry(IdRegister.ID_AA64ISAR3_EL1, 0xd5380660),
            Map.entry(IdRegister.ID_AA64MMFR0_EL1, 0xd5380700), Map.entry(IdRegister.ID_AA64MMFR1_EL1, 0xd5380720),
            Map.entry(IdRegister.ID_AA64MMFR2_EL1, 0xd5380740), Map.entry(IdRegister.ID_AA64MMFR3_EL1, 0xd5380760));

    @Test
    void eachStubIsMrsThenRetAndTheRestOfThePageTraps() {
        ByteBuffer page = ByteBuffer.wrap(MrsStubs.page(4096)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(GNU_AS.size(), IdRegister.values().length);
        for (IdRegister r : IdRegister.values()) {
            assertEquals(GNU_AS.get(r), r.mrsX0(), r.name());
            assertEquals(GNU_AS.get(r), page.getInt(r.ordinal() * MrsStubs.STRIDE), r.name());
            assertEquals(0xd65f03c0, page.getInt(r.ordinal() * MrsStubs.STRIDE + 4), "ret after " + r);
        }
        for (int at = IdRegister.values().length * MrsStubs.STRIDE; at < 4096; at += 4) {
            assertEquals(0xd4200000, page.getInt(at), "brk #0 at " + at);
        }
        assertEquals("S3_0_C0_C6_0", IdRegister.ID_AA64ISAR0_EL1.operand());
    }
}
