package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Shared sequence tables cannot be rebuilt; a context's own table is rebuilt in place. */
class SequenceTableTest {

    @Test
    void thePredefinedAndADictionarysTablesRefuseToBeRebuilt() throws ZstdFormatException {
        long[] before = SequenceTable.LL_PREDEFINED.entries.clone();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SequenceTable.LL_PREDEFINED.rle(0, SymbolKind.LITERALS_LENGTH));
        assertTrue(e.getMessage().contains("shared"), e.getMessage());
        FseWorkspace work = new FseWorkspace();
        // a 2-byte description: accuracy log 5 (4 bits), then symbol 0 with all 32 states (6 bits, 63)
        byte[] description = {(byte) 0xF0, 0x03};
        FseCounts counts = work.counts.read(description, 0, description.length, 0, SymbolKind.OFFSET.maxSymbol,
                SymbolKind.OFFSET.maxLog, "test");
        assertEquals(1, counts.symbols());
        assertEquals(5, counts.log());
        SequenceTable dictionaryTable = SequenceTable.of(counts, SymbolKind.OFFSET, work);
        assertThrows(IllegalStateException.class, () -> dictionaryTable.fse(counts, SymbolKind.OFFSET, work));
        assertThrows(IllegalStateException.class, () -> SequenceTable.OF_PREDEFINED.fse(counts, SymbolKind.OFFSET, work));
        assertEquals(java.util.Arrays.toString(before), java.util.Arrays.toString(SequenceTable.LL_PREDEFINED.entries));
    }

    @Test
    void anOwnedTableIsRebuiltInPlace() {
        SequenceTable own = SequenceTable.owned();
        assertEquals(own, own.rle(5, SymbolKind.MATCH_LENGTH));
        assertEquals(0, own.log);
        assertEquals(SymbolKind.MATCH_LENGTH.baseline(5), SequenceTable.baseline(own.entries[0]));
        long[] array = own.entries;
        own.rle(7, SymbolKind.MATCH_LENGTH);
        assertEquals(array, own.entries, "same array");
        assertEquals(SymbolKind.MATCH_LENGTH.baseline(7), SequenceTable.baseline(own.entries[0]));
    }
}
