package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.kit.HotSpotStart;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.probe.HotSpotWordsMain;
import io.cpufeatures.x86.testing.Commands;
import io.cpufeatures.x86.testing.HotSpotCpuLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HotSpot's feature list from the model against the JVM's own {@code -Xlog:os+cpu} line under
 * {@code qemu-x86_64 -cpu MODEL}, JDK 17 on nine models and Temurin 25 on four: one JVM per model (C1 only, serial
 * GC, two at a time) prints its line and the snapshot the native probe reads there ({@link HotSpotWordsMain}); the
 * model is fed that snapshot, as the probe reads it (the names it is unsure of must be among {@code ht}, and every
 * other name equal) and with the topology leaves HotSpot also reads (every name equal). For JDK 17 the model is also
 * fed a {@code cpuid -r} dump taken under the same model, read as any dump is (XCR0 inferred from leaf 0xD): every name
 * equal (not for Denverton, whose leaf 0x12 under qemu has no last subleaf for {@code cpuid -r} to stop at). Skipped, with the reason, without qemu-x86_64, the {@code cpuid} command or the JDK.
 */
class HotSpotFeaturesQemuTest {

    /**
     * QEMU's models across vendors and ages: Intel without XSAVE (Penryn, Nehalem), with AVX, AVX2, AVX-512 (as far as
     * qemu-user gives its state), an Atom server part; AMD before and after Zen; and everything qemu knows.
     */
    private static final List<String> MODELS = List.of("Penryn", "Nehalem", "SandyBridge", "Haswell", "Skylake-Server",
            "Denverton", "Opteron_G5", "EPYC", "max");

    /** The models JDK 25 also runs on: AVX2, AVX-512 CPUID bits, AMD's Zen, everything (rdtscp, f16c, pku). */
    private static final List<String> MODELS_25 = List.of("Haswell", "Skylake-Server", "EPYC", "max");

    @TempDir
    Path cache;

    @Test
    void jdk17() throws Exception {
        check(17, MODELS);
    }

    @Test
    void jdk25() throws Exception {
        check(25, MODELS_25);
    }

    private void check(int jdk, List<String> models) throws Exception {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && System.getProperty("os.name").equals("Linux"),
                "the x86-64 JVM runs under qemu-x86_64 on an x86-64 Linux host");
        Optional<Path> java = HotSpotCpuLine.java(jdk);
        assumeTrue(java.isPresent(), "JDK " + jdk + " is not installed (looked in /usr/lib/jvm)");
        String qemu = HostTools.command("qemu-x86_64", "qemu-user").toString();
        String cpuid = jdk == 17 ? HostTools.command("cpuid", "cpuid").toString() : null;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<String, Future<String>> runs = new LinkedHashMap<>();
        Map<String, Future<String>> dumps = new LinkedHashMap<>();
        for (String model : cpuid == null ? List.<String>of() : models) {
            // Denverton's leaf 0x12 (SGX) answers every subleaf under qemu, and cpuid -r walks them without end
            if (!model.equals("Denverton")) {
                dumps.put(model, pool.submit(() -> Commands.run(null, Map.of(), 60, qemu, "-cpu", model, cpuid, "-r")));
            }
        }
        for (String model : models) {
            runs.put(model, pool.submit(() -> Commands.run(null, Map.of(), 170, qemu, "-cpu", model,
                    java.get().toString(), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xlog:os+cpu",
                    "--enable-native-access=ALL-UNNAMED", "-Dcpufeatures.native.cache=" + cache.resolve(jdk + model),
                    "-cp", System.getProperty("java.class.path"), HotSpotWordsMain.class.getName())));
        }
        pool.shutdown();
        List<String> wrong = new ArrayList<>();
        HotSpotStart start = new HotSpotStart(jdk, Map.of("UseSerialGC", "true", "TieredStopAtLevel", "1"));
        for (Map.Entry<String, Future<String>> e : runs.entrySet()) {
            String out = e.getValue().get(3, TimeUnit.MINUTES);
            List<String> live = HotSpotCpuLine.names(out);
            HotSpotFeaturesLiveTest.compare("qemu-x86_64 -cpu " + e.getKey() + ", JDK " + jdk, live,
                    HotSpotX86Features.list(HotSpotCpuLine.snapshot(out, false), start),
                    HotSpotX86Features.list(HotSpotCpuLine.snapshot(out, true), start),
                    HotSpotFeaturesLiveTest.PROBE_UNSURE, wrong);
            if (dumps.containsKey(e.getKey())) {
                // qemu's own warnings ("TCG doesn't support requested feature") come before the dump on stderr
                String text = dumps.get(e.getKey()).get(1, TimeUnit.MINUTES);
                CpuDump dump = CpuDumps.parse("cpuid -r under qemu-x86_64 -cpu " + e.getKey(),
                        text.substring(Math.max(0, text.indexOf("CPU 0:"))), Map.of());
                HotSpotFeatureList fromDump = HotSpotX86Features.list((CpuidSnapshot) dump.machine().snapshot()
                        .orElseThrow(), new HotSpotStart(jdk, Map.of()));
                HotSpotFeaturesLiveTest.compare("a cpuid -r dump under qemu-x86_64 -cpu " + e.getKey() + ", JDK " + jdk,
                        live, fromDump, fromDump, Set.of(), wrong);
            }
        }
        assertEquals(List.of(), wrong);
    }
}
