package io.cpufeatures.core.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.DumpFormatException;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The kit's sysctl listing: every line checked, only the keys asked for kept, each line counted as TextLines counts. */
class SysctlListingTest {

    @Test
    void onlyTheKeysAskedForAreKeptWithTheirLines() throws Exception {
        String text = "# a comment\r\nkern.x: 1\r\nhw.logicalcpu: 8\n\n  hw.optional.neon:   1  \nhw.empty:\nhw.logicalcpu: 9\n";
        SysctlListing l = SysctlListing.parse("l.txt", text, "'hw.optional.neon: 1'",
                Set.of("hw.logicalcpu", "hw.optional.neon", "hw.empty", "hw.absent"));
        assertEquals(Map.of("hw.logicalcpu", "8", "hw.optional.neon", "1", "hw.empty", ""), l.values());
        assertEquals(3, l.lineOf("hw.logicalcpu"), "the first value is kept");
        assertEquals(5, l.lineOf("hw.optional.neon"));
        assertEquals(0, l.lineOf("kern.x"), "not kept");
    }

    @Test
    void aLineThatIsNoKeyValueIsRefusedWhateverItsKey() {
        for (String bad : new String[] {"kern.x 1", "kern x: 1", "kern.x:1", ": 1"}) {
            DumpFormatException e = assertThrows(DumpFormatException.class, () -> SysctlListing.parse("b.txt",
                    "hw.logicalcpu: 8\n" + bad + "\n", "'hw.optional.neon: 1'", Set.of("hw.logicalcpu")), bad);
            assertTrue(e.getMessage().startsWith("b.txt:2: not a 'key: value' line of a sysctl listing: '" + bad.strip()
                    + "'; accepted: 'hw.optional.neon: 1' and the like"), e.getMessage());
        }
    }
}
