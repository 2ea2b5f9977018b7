package io.cpufeatures.x86.testing;

import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.dump.CpuidFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

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
        String resource = "/io/cpufeatures/x86/caches/" + name;
        try (InputStream in = ReducedDumps.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no reduced dump " + resource);
            }
            SnapshotDump<CpuidSnapshot> dump = CpuidDumps.parse(name, new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
            return dump.kinds().get(0).cpu();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (CpuidFormatException e) {
            throw new IllegalStateException(e);
        }
    }
}
