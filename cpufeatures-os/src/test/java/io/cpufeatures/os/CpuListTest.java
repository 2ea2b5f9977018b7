package io.cpufeatures.os;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** Linux's CPU lists, and text that is not one. */
class CpuListTest {

    @Test
    void rangesAndSingleCpusAsLinuxWritesThem() {
        assertEquals("{0, 1, 2, 3, 6, 8, 9}", CpuList.parse(" 0-3,6,8-9\n").toString());
        assertEquals(new BitSet(), CpuList.parse(""));
        assertEquals("{0, 1, 2, 3}", CpuList.parse("0-3,").toString(), "a trailing comma ends the list");
        assertEquals(new BitSet(), CpuList.parse(","));
    }

    @Test
    void anythingElseIsRefusedSayingWhatIsAccepted() {
        assertEquals("'0-3,x' is not a CPU list such as 0-3,6",
                assertThrows(IllegalArgumentException.class, () -> CpuList.parse("0-3,x")).getMessage());
        assertEquals("'0-1-2' is not a CPU list such as 0-3,6",
                assertThrows(IllegalArgumentException.class, () -> CpuList.parse("0-1-2")).getMessage());
        assertEquals("'5-3': CPUs 5 to 3 (at most 65536)",
                assertThrows(IllegalArgumentException.class, () -> CpuList.parse("5-3")).getMessage());
        assertEquals("'0-999999': CPUs 0 to 999999 (at most 65536)",
                assertThrows(IllegalArgumentException.class, () -> CpuList.parse("0-999999")).getMessage());
    }
}
