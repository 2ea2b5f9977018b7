package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SnapshotSourceTest {

    @Test
    void aSnapshotAlwaysHasASourceSoNoneIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SnapshotSource(SourceKind.NONE, "nothing"));
        assertEquals("a snapshot has a source; NONE is the kind of a report without one", e.getMessage());
    }

    @Test
    void whatASourceDoesNotStateIsKeptAndIsNothingByDefault() {
        assertEquals(java.util.List.of(), SnapshotSource.file("dump.txt").unstated());
        SnapshotSource text = new SnapshotSource(SourceKind.PROC_CPUINFO, "cpuinfo.txt processor 0",
                new java.util.ArrayList<>(java.util.List.of("XCR0", "CPUID registers")));
        assertEquals(java.util.List.of("XCR0", "CPUID registers"), text.unstated());
        assertThrows(UnsupportedOperationException.class, () -> text.unstated().add("more"), "a copy, unmodifiable");
    }

    @Test
    void fileAndEmulatedSourcesSayWhatTheyAre() {
        assertEquals(SourceKind.FILE, SnapshotSource.file("dump.txt logical CPU 3").kind());
        assertEquals(SourceKind.EMULATED, SnapshotSource.emulated("Zen 4").kind());
        assertEquals(SourceKind.FILE.id() + " (dump.txt logical CPU 3)", SnapshotSource.file("dump.txt logical CPU 3").toString());
    }
}
