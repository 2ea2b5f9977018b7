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

    /**
     * A shell transcript: the prompt lines and the output of other commands before the listing (uname -a's, say) are
     * skipped, as is everything after a later prompt up to its listing; text with no listing at all is refused in one
     * line; a line that is not key: value in the midst of the listing is still refused. A hand-made transcript for the
     * rules (not a machine): the key lines are an Intel Mac's (luci-py's i7-8750H, cpufeatures-x86's macos test data),
     * with prompts around them and uname's one word, Darwin.
     */
    @Test
    void aShellTranscriptIsReadPastItsPromptsButNotPastDamage() throws Exception {
        String transcript = String.join("\n", "user@mac ~ % uname",
                "Darwin",
                "user@mac ~ % sysctl -a | grep machdep.cpu",
                "machdep.cpu.vendor: GenuineIntel",
                "machdep.cpu.family: 6",
                "$ sysctl hw.logicalcpu",
                "hw.logicalcpu: 12",
                "% sysctl -n machdep.cpu.brand_string",
                "Intel(R) Core(TM) i7-8750H CPU @ 2.20GHz",
                "");
        SysctlListing l = SysctlListing.parse("t.txt", transcript, "'machdep.cpu.features: ...'",
                Set.of("machdep.cpu.vendor", "machdep.cpu.family", "hw.logicalcpu"));
        assertEquals(Map.of("machdep.cpu.vendor", "GenuineIntel", "machdep.cpu.family", "6", "hw.logicalcpu", "12"),
                l.values());
        assertEquals(7, l.lineOf("hw.logicalcpu"));
        DumpFormatException damaged = assertThrows(DumpFormatException.class, () -> SysctlListing.parse("d.txt",
                "$ sysctl hw\nhw.ncpu: 8\nhw.model = MacBook2,1\n", "'hw.optional.neon: 1'", Set.of("hw.ncpu")));
        assertTrue(damaged.getMessage().startsWith("d.txt:3: not a 'key: value' line"), damaged.getMessage());
        DumpFormatException none = assertThrows(DumpFormatException.class, () -> SysctlListing.parse("n.txt",
                "$ uname -a\nDarwin mac.local 19.6.0 x86_64\n", "'hw.optional.neon: 1'", Set.of("hw.logicalcpu")));
        assertEquals("n.txt: no 'key: value' line, only a transcript's other lines: not a sysctl listing; accepted:"
                + " 'hw.optional.neon: 1' and the like", none.getMessage());
    }
}
