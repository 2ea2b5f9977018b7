package io.cpufeatures.ppc64le;

import io.cpufeatures.buildsupport.TestResources;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.DumpFormatException;
import java.util.Map;
import java.util.List;

/** The ppc64le dumps bundled with the tests: made under qemu-user, and rebuilt from real machines' recordings. */
final class BundledDumps {

    /** Every bundled dump, by its path under the test resources' {@code io/cpufeatures/ppc64le}. */
    static final List<String> ALL = List.of("qemu/qemu-power8.txt", "qemu/qemu-power9.txt", "qemu/qemu-power10.txt",
            "real/power8-redhat-cip.txt");

    private BundledDumps() {
    }

    static String text(String path) {
        return TestResources.text("/io/cpufeatures/ppc64le/" + path);
    }

    static CpuDump read(String path) {
        try {
            return CpuDumps.parse(path, text(path), Map.of());
        } catch (DumpFormatException e) {
            throw new AssertionError(e);
        }
    }
}
