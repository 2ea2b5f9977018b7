package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The auxiliary vector: getauxval through JNA, and the bytes of /proc/self/auxv, which must agree. */
class AuxiliaryVectorTest {

    private static byte[] entries(ByteOrder order, long... pairs) {
        ByteBuffer b = ByteBuffer.allocate(pairs.length * 8).order(order);
        for (long p : pairs) {
            b.putLong(p);
        }
        return b.array();
    }

    @Test
    void theFileIsReadUpToAtNullFirstEntryKept() {
        byte[] le = entries(ByteOrder.LITTLE_ENDIAN, 22, 0x16, 22, 0x17, 16, 0x58000580L, 26, 0x8ee00000L, 0, 0, 99, 1);
        assertEquals(Map.of(22L, 0x16L, 16L, 0x58000580L, 26L, 0x8ee00000L), AuxiliaryVector.parse(le, ByteOrder.LITTLE_ENDIAN));
        byte[] be = entries(ByteOrder.BIG_ENDIAN, 16, 0xdc0065c2L, 0, 0);
        assertEquals(Map.of(16L, 0xdc0065c2L), AuxiliaryVector.parse(be, ByteOrder.BIG_ENDIAN));
    }

    @Test
    void aFileThatIsCutShortIsRefused() {
        IllegalArgumentException odd = assertThrows(IllegalArgumentException.class,
                () -> AuxiliaryVector.parse(new byte[24], ByteOrder.LITTLE_ENDIAN));
        assertEquals("/proc/self/auxv holds 24 bytes, not whole 16-byte (type, value) pairs", odd.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AuxiliaryVector.parse(new byte[0], ByteOrder.LITTLE_ENDIAN));
        IllegalArgumentException noEnd = assertThrows(IllegalArgumentException.class,
                () -> AuxiliaryVector.parse(entries(ByteOrder.LITTLE_ENDIAN, 16, 1), ByteOrder.LITTLE_ENDIAN));
        assertTrue(noEnd.getMessage().contains("no AT_NULL"), noEnd.getMessage());
    }

    /**
     * getauxval and the file agree on the kernel's entries; but on x86-64 glibc answers AT_HWCAP with its own
     * value (HWCAP_X86_64, set by {@code init_cpu_features} for its hwcaps subdirectories), not the kernel's
     * CPUID.1:EDX, so that word is compared on the other architectures only. (The x86 module reads CPUID.)
     */
    @Test
    void getauxvalAndTheFileGiveThisProcessTheSameEntries() throws Exception {
        Path file = Path.of("/proc/self/auxv");
        assumeTrue(System.getProperty("os.name").startsWith("Linux") && Files.isReadable(file), "Linux only");
        Map<Long, Long> fromFile = AuxiliaryVector.parse(Files.readAllBytes(file), ByteOrder.nativeOrder());
        AuxiliaryVector auxv = AuxiliaryVector.open();
        assertEquals(OptionalLong.of(fromFile.get(6L)), auxv.read(6), "AT_PAGESZ");
        if (!System.getProperty("os.arch").equals("amd64")) {
            assertEquals(OptionalLong.of(fromFile.get((long) AuxiliaryVector.AT_HWCAP)), auxv.read(AuxiliaryVector.AT_HWCAP));
        }
        Long hwcap2 = fromFile.get((long) AuxiliaryVector.AT_HWCAP2);
        assertEquals(hwcap2 == null ? OptionalLong.empty() : OptionalLong.of(hwcap2), auxv.read(AuxiliaryVector.AT_HWCAP2));
        assertEquals(OptionalLong.empty(), auxv.read(1_000), "an entry the vector does not have");
        if (fromFile.containsKey((long) AuxiliaryVector.AT_PLATFORM) && System.getProperty("os.arch").equals("amd64")) {
            assertEquals("x86_64", auxv.readString(AuxiliaryVector.AT_PLATFORM).orElseThrow(), "the kernel's ELF_PLATFORM");
        }
    }
}
