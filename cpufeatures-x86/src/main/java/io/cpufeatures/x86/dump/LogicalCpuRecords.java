package io.cpufeatures.x86.dump;

import java.util.ArrayList;
import java.util.List;

/** The register lines of one logical CPU of a dump, in file order, with the line it started on. */
final class LogicalCpuRecords {

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

    void add(RawRecord record) {
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
