package io.cpufeatures.core.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The options as a rule reads them: plain values only, the VM's other number forms refused with the flag named. */
class HotSpotStartTest {

    private final HotSpotStart start = new HotSpotStart(17, Map.of("A", "32", "B", "true", "C", "false", "D", "0x20",
            "E", "1k", "F", "032", "G", "", "H", "1234567890", "I", "0"));

    @Test
    void plainIsAbsentBooleanOrAtMostNineDecimalDigits() {
        for (String f : new String[] {"A", "B", "C", "I", "absent"}) {
            assertTrue(start.plain(f), f);
        }
        for (String f : new String[] {"D", "E", "F", "G", "H"}) {
            assertFalse(start.plain(f), f);
        }
    }

    @Test
    void valuesAreReadOrTheirDefaults() {
        assertEquals(32, start.number("A", 4));
        assertEquals(4, start.number("absent", 4));
        assertEquals(0, start.number("I", 4));
        assertTrue(start.bool("B", false));
        assertFalse(start.bool("C", true));
        assertTrue(start.bool("absent", true));
        assertTrue(start.given("A"));
        assertFalse(start.given("absent"));
        assertEquals("0x20", start.value("D").orElseThrow());
    }

    @Test
    void aValueOfTheWrongFormIsRefusedNamingTheFlag() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> start.number("D", 0)).getMessage().contains("-XX:D"));
        assertThrows(IllegalArgumentException.class, () -> start.number("B", 0));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> start.bool("A", true)).getMessage()
                .contains("-XX:+A"));
    }
}
