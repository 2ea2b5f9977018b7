package io.cpufeatures.x86.testing;

import io.cpufeatures.x86.CpuidSnapshot;

import io.cpufeatures.buildsupport.TestResources;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.x86.dump.CpuidDumps;

/**
 * The libcpuid dumps bundled as test resources (BSD-2-Clause, see their LICENSE), so the core rules
 * are tested without the shared corpus.
 */
public final class BundledDumps {

    private BundledDumps() {
    }

    /** Parses the bundled dump {@code name} (a file name under {@code io/cpufeatures/x86/libcpuid/}). */
    public static SnapshotDump<CpuidSnapshot> load(String name) {
        try {
            return CpuidDumps.parse(name, TestResources.text("/io/cpufeatures/x86/libcpuid/" + name));
        } catch (io.cpufeatures.x86.dump.CpuidFormatException e) {
            throw new IllegalStateException(e);
        }
    }
}
