package io.cpufeatures.aarch64.testing;

import io.cpufeatures.buildsupport.TestResources;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.DumpFormatException;
import java.util.Map;
import java.util.List;

/**
 * The dumps bundled as test resources: {@code cpufeatures report --raw} run on the arm64 OpenJDK 17
 * under {@code qemu-aarch64 -cpu MODEL} (qemu 7.2), one file per model; see the README beside them.
 */
public final class QemuDumps {

    /** Every bundled model, as its {@code -cpu} string. */
    public static final List<String> MODELS = List.of("cortex-a35", "cortex-a53", "cortex-a57", "cortex-a72", "cortex-a76",
            "neoverse-n1", "a64fx", "a64fx,sve256=on", "max", "max,sve=off", "max,sme=off",
            "max,sve-default-vector-length=32", "max,sve-default-vector-length=256");

    private QemuDumps() {
    }

    /** The text of the dump of {@code model}. */
    public static String text(String model) {
        return TestResources.text("/io/cpufeatures/aarch64/qemu/qemu-" + model + ".txt");
    }

    /** The dump of {@code model}, parsed through the core's reader (every module on the class path). */
    public static CpuDump read(String model) {
        try {
            return CpuDumps.parse("qemu-" + model + ".txt", text(model), Map.of());
        } catch (DumpFormatException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
