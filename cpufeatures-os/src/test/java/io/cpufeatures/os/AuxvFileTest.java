package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        assertArrayEquals(new Long[] {0xefffL, 0x3L, null}, AuxvFile.values(vector(ByteOrder.LITTLE_ENDIAN, pairs), true,
                16, 26, 29));
        assertArrayEquals(new Long[] {0xefffL, 0x3L, null}, AuxvFile.values(vector(ByteOrder.BIG_ENDIAN, pairs), false,
                16, 26, 29));
        assertArrayEquals(new Long[] {0L}, AuxvFile.values(vector(ByteOrder.LITTLE_ENDIAN, 29, 0, 0, 0), true, 29),
                "a zero entry is there, unlike an absent one");
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
    void aFileThatIsMissingOrNotAVectorIsAProbeFailureWithItsReason(@TempDir Path dir) throws Exception {
        NativeProbeException missing = assertThrows(NativeProbeException.class,
                () -> AuxvFile.read(dir.resolve("auxv"), AuxvFile.AT_HWCAP));
        assertTrue(missing.getMessage().contains("could not be read"), missing.getMessage());
        Path cut = Files.write(dir.resolve("cut"), vector(ByteOrder.nativeOrder(), 16, 1));
        NativeProbeException notVector = assertThrows(NativeProbeException.class, () -> AuxvFile.read(cut, 16));
        assertTrue(notVector.getMessage().contains("is not an auxiliary vector: 16 bytes"), notVector.getMessage());
    }

    @Test
    void thisProcesssVectorHasItsPageSizeAndPlatformString() throws Exception {
        Assumptions.assumeTrue(OperatingSystem.current() == OperatingSystem.LINUX, "a Linux process has /proc/self/auxv");
        Long[] words = AuxvFile.read(AuxvFile.SELF, 6, AuxvFile.AT_HWCAP, AuxvFile.AT_PLATFORM);
        assertTrue(words[0] >= 4096 && Long.bitCount(words[0]) == 1, "AT_PAGESZ " + words[0]);
        // the kernel's ELF_PLATFORM, read from this process's memory
        if (System.getProperty("os.arch").equals("amd64")) {
            assertEquals("x86_64", AuxvFile.string(words[2]));
        }
    }
}
