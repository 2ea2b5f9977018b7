package io.cpufeatures.x86.testing;

import io.cpufeatures.buildsupport.TestResources;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.dump.CpuidFormatException;

/**
 * The test resources under {@code io/cpufeatures/x86/caches/}: a few leaves of one libcpuid dump each (BSD-2-Clause,
 * see their LICENSE), the first lines naming the original, so a cache rule is tested on real registers without the
 * shared corpus.
 */
public final class ReducedDumps {

    private ReducedDumps() {
    }

    /** The first CPU kind of the reduced dump {@code name} (a file name under {@code io/cpufeatures/x86/caches/}). */
    public static CpuidSnapshot load(String name) {
        try {
            return CpuidDumps.parse(name, TestResources.text("/io/cpufeatures/x86/caches/" + name)).kinds().get(0).cpu();
        } catch (CpuidFormatException e) {
            throw new IllegalStateException(e);
        }
    }
}
