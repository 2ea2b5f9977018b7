package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.x86.testing.Commands;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe library against JNA's stub page on CPUs this machine is not: {@link JniAgainstStubsMain} run by this
 * JVM under {@code qemu-x86_64 -cpu MODEL} (Debian's qemu-user), where CPUID and XGETBV are the model's. Every leaf
 * of the native probe's plan and XCR0 must be equal through both, on every model. Two models run at a time, with C1
 * only. Skipped, with the reason, when qemu-x86_64 is missing, except under {@code CI=true}, where that fails.
 */
class JniCpuidQemuTest {

    /** QEMU 7.2's models across vendors and ages: no XSAVE (Penryn, Nehalem), AVX, AVX2, MPX state, AMD, everything. */
    private static final List<String> MODELS = List.of("Penryn", "Nehalem", "SandyBridge", "Haswell", "Skylake-Server",
            "Denverton", "Opteron_G5", "EPYC", "max");

    @TempDir
    Path cache;

    @Test
    void everyModelGivesTheSameLeavesAndXcr0ThroughTheLibraryAndTheStubPage() throws Exception {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && System.getProperty("os.name").equals("Linux"),
                "the x86-64 JVM runs under qemu-x86_64 on an x86-64 Linux host");
        String qemu = HostTools.command("qemu-x86_64", "qemu-user").toString();
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<String, Future<String>> runs = new LinkedHashMap<>();
        for (String model : MODELS) {
            runs.put(model, pool.submit(() -> run(qemu, model, java)));
        }
        pool.shutdown();
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, Future<String>> e : runs.entrySet()) {
            String out = e.getValue().get(10, TimeUnit.MINUTES);
            Map<String, String> v = values(out);
            String model = e.getKey();
            if (!v.getOrDefault("jni", "").contains("probe library")) {
                wrong.add(model + ": the probe library did not load: " + out);
                continue;
            }
            System.out.println("qemu-x86_64 -cpu " + model + ": " + v.get("leaves") + " leaves, XCR0 0x" + v.get("xcr0.jni")
                    + " through the library, 0x" + v.get("xcr0.stubs") + " through the stub page");
            if (Integer.parseInt(v.getOrDefault("leaves", "0")) < 10) {
                wrong.add(model + ": fewer than 10 leaves read: " + out);
            }
            if (!v.get("differences").isEmpty()) {
                wrong.add(model + ": leaves differ: " + v.get("differences"));
            }
            // the emulator gives the process the model's leaf-1 word in AT_HWCAP; /proc/cpuinfo stays the host's, and
            // the kernel's word is refused exactly where the two differ
            if (!v.get("hwcap").equals(v.get("cpuid1.edx"))) {
                wrong.add(model + ": AT_HWCAP " + v.get("hwcap") + " is not the model's CPUID.1:EDX " + v.get("cpuid1.edx"));
            }
            boolean differs = !v.get("kernel.edx").equals(v.get("hwcap"));
            if (differs == Boolean.parseBoolean(v.get("kernel.answered"))
                    || differs != v.get("kernel.failure").contains("another CPU")) {
                wrong.add(model + ": the kernel's word (EDX " + v.get("kernel.edx") + ", AT_HWCAP " + v.get("hwcap")
                        + ") answered=" + v.get("kernel.answered") + ": " + v.get("kernel.failure"));
            }
            System.out.println("qemu-x86_64 -cpu " + model + ": the kernel's word " + (differs ? "refused: " + v.get(
                    "kernel.failure") : "answers (its leaf-1 EDX is the model's)"));
            if (!v.get("xcr0.jni").equals(v.get("xcr0.stubs")) || !v.get("snapshot.xcr0.equal").equals("true")) {
                wrong.add(model + ": XCR0 " + v.get("xcr0.jni") + " through the library, " + v.get("xcr0.stubs")
                        + " through the stub page");
            }
        }
        assertEquals(List.of(), wrong);
    }

    private String run(String qemu, String model, Path java) throws Exception {
        return Commands.run(null, Map.of(), 300, qemu, "-cpu", model, java.toString(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED", "-Dcpufeatures.native.cache="
                + cache.resolve(model), "-cp", System.getProperty("java.class.path"), JniAgainstStubsMain.class.getName());
    }

    private static Map<String, String> values(String out) {
        Map<String, String> v = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.startsWith("WARNING")) {
                v.putIfAbsent(line.substring(0, eq), line.substring(eq + 1).strip());
            }
        }
        return v;
    }
}
