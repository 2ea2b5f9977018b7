package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** {@link AuxvFile}: the bytes of an auxiliary vector read without native code, bounded, and this process's own. */
class AuxvFileTest {

    private static byte[] vector(ByteOrder order, long... pairs) {
        ByteBuffer b = ByteBuffer.allocate(pairs.length * 8).order(order);
        for (long p : pairs) {
            b.putLong(p);
        }
        return b.array();
    }

    @Test
    void theValuesOfTheTypesAskedForAreReadInEitherByteOrderTheFirstEntryOfATypeCounting() {
        long[] pairs = {33, 0x7fff0000L, 16, 0xefffL, 26, 0x3L, 16, 0x1L, 0, 0};
        assertArrayEquals(new long[] {0xefffL, 0x3L, 0}, AuxvFile.values(vector(ByteOrder.LITTLE_ENDIAN, pairs), true,
                16, 26, 29));
        assertArrayEquals(new long[] {0xefffL, 0x3L, 0}, AuxvFile.values(vector(ByteOrder.BIG_ENDIAN, pairs), false,
                16, 26, 29));
    }

    @Test
    void aVectorCutShortOrNotOfWholePairsOrTooLongIsNotRead() {
        assertNull(AuxvFile.values(vector(ByteOrder.LITTLE_ENDIAN, 16, 1, 26, 2), true, 16), "no AT_NULL");
        assertNull(AuxvFile.values(new byte[20], true, 16), "not whole pairs");
        assertNull(AuxvFile.values(new byte[0], true, 16), "empty");
        ByteArrayOutputStream big = new ByteArrayOutputStream();
        for (int i = 0; i < AuxvFile.MAX_BYTES / 16; i++) {
            big.writeBytes(vector(ByteOrder.LITTLE_ENDIAN, 6, 4096));
        }
        big.writeBytes(vector(ByteOrder.LITTLE_ENDIAN, 0, 0));
        assertNull(AuxvFile.values(big.toByteArray(), true, 16), "longer than any kernel writes");
    }

    @Test
    void thisProcesssVectorIsWhatTheCLibrarysGetauxvalReads() throws Exception {
        Assumptions.assumeTrue(OperatingSystem.current() == OperatingSystem.LINUX, "a Linux process has /proc/self/auxv");
        long[] words = AuxvFile.read(AuxiliaryVector.AT_HWCAP, 6, 17, 5);
        assertNotNull(words, "/proc/self/auxv");
        AuxiliaryVector fromC = AuxiliaryVector.open();
        assertEquals(fromC.read(6).orElseThrow(), words[1], "AT_PAGESZ");
        assertEquals(fromC.read(17).orElseThrow(), words[2], "AT_CLKTCK");
        assertEquals(fromC.read(5).orElseThrow(), words[3], "AT_PHNUM");
        // glibc's getauxval(AT_HWCAP) on x86 is its own word (HWCAP_X86_64 and the like), not the kernel's
        if (!System.getProperty("os.arch").equals("amd64")) {
            assertEquals(fromC.read(AuxiliaryVector.AT_HWCAP).orElse(0), words[0], "AT_HWCAP");
        }
    }
}
