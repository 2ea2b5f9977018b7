package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.cpufeatures.dispatch.NativeVariant;
import io.cpufeatures.buildsupport.HostTools;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The native xor's variant loaded live on CPUs this machine is not: a JVM under {@code qemu-x86_64 -cpu MODEL} and
 * {@code qemu-aarch64 -cpu MODEL} (Debian's qemu-user answers CPUID, XGETBV and the auxiliary vector as the model
 * defines them) selects raid.xor.native, and the variant it loads must be the best the model runs: Nehalem has
 * SSE4.2 and POPCNT but no AVX (v2); Haswell has AVX2 (v3); QEMU 7.2's TCG has no AVX-512, so {@code max} gets v3
 * with v4 passed over for avx512f; Penryn lacks SSE4.2 (baseline); {@code max} and A64FX have SVE, Neoverse N1 and
 * Cortex-A72 do not. The process's {@code /proc/self/maps} (qemu shows the guest's) must list exactly the chosen
 * variant's file from the content-addressed cache, and the cache must hold no other variant: a v3 file is never
 * even written on a v2 CPU. Skipped for want of qemu-user or the arm64 JRE (under {@code CI=true}:
 * failed).
 */
class NativeVariantsQemuTest {

    record Model(String qemu, String cpu, String expected, String variant) {
    }

    private static final List<Model> MODELS = List.of(
            new Model("qemu-x86_64", "Penryn", "x86_64.baseline", "linux-x86_64/baseline"),
            new Model("qemu-x86_64", "Nehalem", "x86_64.x86-64-v2", "linux-x86_64/x86-64-v2"),
            new Model("qemu-x86_64", "Haswell", "x86_64.x86-64-v3", "linux-x86_64/x86-64-v3"),
            new Model("qemu-x86_64", "max", "x86_64.x86-64-v3", "linux-x86_64/x86-64-v3"),
            new Model("qemu-aarch64", "cortex-a72", "aarch64.baseline", "linux-aarch64/baseline"),
            new Model("qemu-aarch64", "neoverse-n1", "aarch64.baseline", "linux-aarch64/baseline"),
            new Model("qemu-aarch64", "a64fx", "aarch64.sve", "linux-aarch64/sve"),
            new Model("qemu-aarch64", "max", "aarch64.sve", "linux-aarch64/sve"));

    @Test
    void eachModelLoadsTheBestVariantItRunsAndMapsNoOther() throws Exception {
        // the x86 models run this JVM under qemu-x86_64: on another host there is none to run, which is no defect
        Assumptions.assumeTrue(System.getProperty("os.arch").equals("amd64"), "runs on an x86-64 host");
        HostTools.command("qemu-x86_64", "qemu-user");
        HostTools.command("qemu-aarch64", "qemu-user");
        String arm64Java = HostTools.foreignJava("arm64").toString();
        Map<String, NativeVariant> byName = new LinkedHashMap<>();
        for (NativeVariant v : XorGen.NATIVE_VARIANTS.variants()) {
            byName.put(v.platform() + "/" + v.name(), v);
        }
        Path work = Files.createDirectories(Path.of("target", "native-qemu"));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Map<String, String>>> runs = new ArrayList<>();
            for (Model m : MODELS) {
                runs.add(pool.submit(() -> run(m, work, arm64Java)));
            }
            for (int i = 0; i < MODELS.size(); i++) {
                Model m = MODELS.get(i);
                Map<String, String> out = runs.get(i).get();
                String where = m.qemu() + " -cpu " + m.cpu() + ": " + out;
                assertEquals(m.expected(), out.get("chosen"), where);
                assertEquals(m.variant(), out.get("variant"), where);
                assertEquals("true", out.get("agrees"), where);
                Path cache = work.resolve(m.qemu() + "-" + m.cpu()).toAbsolutePath();
                String sha = byName.get(m.variant()).sha256();
                // mapped from the cache's entry of the chosen variant
                assertEquals(cache.resolve(sha).resolve("libcpfxor.so").toString(), out.get("mapped"),
                        where + ": exactly one file, the chosen variant's, is mapped");
                assertEquals("true", out.get("mappedIsCached"), where);
                try (var dirs = Files.list(cache)) {
                    // the x86 first answer's probe library shares the cache: only the variants' entries count
                    assertEquals(List.of(sha), dirs.filter(p -> !Files.exists(p.resolve("libcpufeatures-probe.so")))
                            .map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".load-")).toList(),
                            where + ": no other variant was unpacked");
                }
                if (m.qemu().equals("qemu-x86_64")) {
                    assertTrue(out.get("why.x86_64.x86-64-v4").contains("avx512f: absent"), where);
                    assertTrue(out.get("why.aarch64.sve").startsWith("a native library for linux-aarch64"), where);
                } else {
                    assertTrue(out.get("why.x86_64.x86-64-v3").startsWith("a native library for linux-x86_64"), where);
                    if (m.expected().equals("aarch64.baseline")) {
                        assertTrue(out.get("why.aarch64.sve").startsWith("sve"), where);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The SHA-256 of the variant {@code m} is to load: its entry's name in the cache. */
    private static String cachedSha(Model m) {
        for (NativeVariant v : XorGen.NATIVE_VARIANTS.variants()) {
            if ((v.platform() + "/" + v.name()).equals(m.variant())) {
                return v.sha256();
            }
        }
        throw new AssertionError(m.variant() + " is not in the manifest");
    }

    private static Map<String, String> run(Model m, Path work, String arm64Java) throws Exception {
        Path cache = work.resolve(m.qemu() + "-" + m.cpu()).toAbsolutePath();
        deleteTree(cache);
        String java = m.qemu().equals("qemu-aarch64") ? arm64Java
                : Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(m.qemu(), "-cpu", m.cpu(), java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider", "-Dcpufeatures.native.cache=" + cache,
                "-Djna.tmpdir=" + work.toAbsolutePath(), "-cp", System.getProperty("java.class.path"),
                NativeVariantGuest.class.getName(), cache.resolve(cachedSha(m)).resolve("libcpfxor.so").toString());
        Path log = work.resolve(m.qemu() + "-" + m.cpu() + ".out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(m.qemu() + " -cpu " + m.cpu() + ": did not finish in 240 s");
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), m.qemu() + " -cpu " + m.cpu() + ":\n" + out);
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && !line.startsWith(" ")) {
                values.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return values;
    }

    private static void deleteTree(Path dir) throws Exception {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
