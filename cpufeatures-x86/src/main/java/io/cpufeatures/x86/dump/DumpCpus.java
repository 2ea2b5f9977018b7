package io.cpufeatures.x86.dump;

import java.util.ArrayList;
import java.util.List;

/**
 * The logical CPUs of a dump as its lines are read: a header line starts one and each register line joins the latest;
 * in the formats whose headers are optional, a register line before any header, or of leaf 0 where the latest CPU has
 * leaf 0 already, starts the next.
 */
final class DumpCpus {

    private final List<LogicalCpuRecords> cpus = new ArrayList<>();
    private LogicalCpuRecords current;

    /**
     * Starts a logical CPU at a header.
     *
     * @param lineNo the header's line, from 1
     */
    void header(int lineNo) {
        current = new LogicalCpuRecords(lineNo);
        cpus.add(current);
    }

    /** {@return whether a logical CPU has started} */
    boolean started() {
        return current != null;
    }

    /**
     * Adds a register line to the latest logical CPU, which must have {@link #started}.
     *
     * @throws CpuidFormatException on the line, if the CPU has {@link LogicalCpuRecords#MAX_RECORDS} already
     */
    void add(String file, RawRecord record) throws CpuidFormatException {
        current.add(file, record);
    }

    /**
     * Adds a register line of a format whose headers are optional: to a new logical CPU, starting on its line, when
     * none has started or when it is leaf 0 and the latest CPU has leaf 0 already; to the latest otherwise.
     *
     * @throws CpuidFormatException on the line, if the CPU has {@link LogicalCpuRecords#MAX_RECORDS} already
     */
    void addOrStart(String file, RawRecord record) throws CpuidFormatException {
        boolean newCpuWithoutHeader = record.leaf() == 0 && current != null && current.hasLeaf(0);
        if (current == null || newCpuWithoutHeader) {
            header(record.line());
        }
        current.add(file, record);
    }

    /** {@return the logical CPUs, in file order} */
    List<LogicalCpuRecords> cpus() {
        return cpus;
    }
}
