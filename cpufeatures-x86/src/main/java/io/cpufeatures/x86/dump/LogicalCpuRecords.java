package io.cpufeatures.x86.dump;

import java.util.ArrayList;
import java.util.List;

/**
 * The register lines of one logical CPU of a dump, in file order, with the line it started on; at most
 * {@link #MAX_RECORDS} of them.
 */
final class LogicalCpuRecords {

    /**
     * The most register lines one logical CPU may have, 4,096: a real CPU lists each of its leaves and subleaves once,
     * a few hundred lines (the shared corpus's longest, under a thousand). Without a bound, a 16 MiB dump of one CPU's
     * subleaves would be a snapshot of 200,000 leaves, more than a 64 MiB heap holds.
     */
    static final int MAX_RECORDS = 4096;

    private final int startLine;
    private final List<RawRecord> records = new ArrayList<>();

    LogicalCpuRecords(int startLine) {
        this.startLine = startLine;
    }

    int startLine() {
        return startLine;
    }

    List<RawRecord> records() {
        return records;
    }

    /**
     * Adds a register line of {@code file}.
     *
     * @throws CpuidFormatException on the line, if the CPU has {@link #MAX_RECORDS} already
     */
    void add(String file, RawRecord record) throws CpuidFormatException {
        if (records.size() == MAX_RECORDS) {
            throw new CpuidFormatException(file, record.line(), "the logical CPU of line " + startLine + " has more than "
                    + MAX_RECORDS + " register lines; a CPU lists each leaf and subleaf once, a few hundred lines at most");
        }
        records.add(record);
    }

    boolean hasLeaf(int leaf) {
        for (RawRecord r : records) {
            if (r.leaf() == leaf) {
                return true;
            }
        }
        return false;
    }
}
