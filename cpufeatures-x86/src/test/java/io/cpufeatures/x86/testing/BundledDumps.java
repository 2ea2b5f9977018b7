package io.cpufeatures.x86.testing;

import io.cpufeatures.x86.CpuidSnapshot;

import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.x86.dump.CpuidDumps;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The libcpuid dumps bundled as test resources (BSD-2-Clause, see their LICENSE), so the core rules
 * are tested without the shared corpus.
 */
public final class BundledDumps {

    private BundledDumps() {
    }

    /** Parses the bundled dump {@code name} (a file name under {@code io/cpufeatures/x86/libcpuid/}). */
    public static SnapshotDump<CpuidSnapshot> load(String name) {
        String resource = "/io/cpufeatures/x86/libcpuid/" + name;
        try (InputStream in = BundledDumps.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no bundled dump " + resource);
            }
            return CpuidDumps.parse(name, new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (io.cpufeatures.x86.dump.CpuidFormatException e) {
            throw new IllegalStateException(e);
        }
    }
}
