package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.buildsupport.HostTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The command live on CPUs this machine is not: {@code cpufeatures report --json} run under
 * {@code qemu-x86_64 -cpu MODEL} (Debian's qemu-user), so the real CPUID and XGETBV stubs execute
 * against an emulated CPU, and the answer must be what the model defines: identity, microarchitecture,
 * x86-64 level, usable features, policy flags and dispatch choices. QEMU 7.2's TCG implements no
 * AVX-512, AMX, SHA-NI, RDSEED, XOP or FMA4, and drops those bits from every model that lists them,
 * so they must read absent.
 *
 * <p>Runs in the integration-test phase, on the demo assembly jar the package phase built. Each model
 * costs one JVM start; two run at once, from a class-data-sharing archive made natively first. Models
 * whose Vector API choice is checked run with C2; the others with C1 only
 * ({@code -XX:TieredStopAtLevel=1}), which halves their time under emulation. Skipped, with the reason,
 * when qemu-x86_64 is missing, except under {@code CI=true} where that fails.
 */
class EmulatedCpusQemuTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TCG_LACKS = Set.of("avx512f", "avx512bw", "avx512vl", "amx_tile", "sha_ni", "rdseed",
            "xop", "fma4");

    /**
     * What a QEMU model defines (QEMU target/i386/cpu.c, builtin_x86_defs) and so what the report must say.
     *
     * @param model    the -cpu name
     * @param c2       run with C2, to check the Vector API choice
     */
    record Model(String model, String vendor, int family, int modelNumber, String microarchitecture, String level,
            List<String> usable, List<String> absent, List<String> policy, Map<String, String> dispatch, boolean c2) {
    }

    private static final List<Model> MODELS = List.of(
            new Model("Penryn", "GenuineIntel", 6, 0x17, "Penryn", "x86-64-v1", List.of("ssse3", "sse4_1", "cx16", "lahf_lm"),
                    List.of("sse4_2", "popcnt", "xsave", "avx"), List.of(),
                    Map.of("raid.xor.native", "x86_64.baseline", "skeleton.bitcount", "scalar", "zstd.huffman", "generic", "zstd.copy", "generic"), false),
            new Model("Nehalem", "GenuineIntel", 6, 0x1A, "Nehalem", "x86-64-v2", List.of("sse4_2", "popcnt", "cx16"),
                    List.of("xsave", "avx", "aes"), List.of(),
                    Map.of("raid.xor.native", "x86_64.x86-64-v2", "skeleton.bitcount", "popcnt", "zstd.huffman", "generic", "zstd.copy", "generic"), false),
            // Sandy Bridge under C2: HotSpot's UseAVX=1, where C2 gives float and double vectors 256 bits, the others 128
            new Model("SandyBridge", "GenuineIntel", 6, 0x2A, "Sandy Bridge", "x86-64-v2",
                    List.of("avx", "aes", "pclmulqdq", "xsave", "osxsave", "popcnt"), List.of("avx2", "fma", "f16c", "bmi1"),
                    List.of(), Map.of("raid.xor.native", "x86_64.x86-64-v2", "skeleton.bitcount", "popcnt", "zstd.huffman", "generic", "zstd.copy", "vector128"), true),
            new Model("Haswell", "GenuineIntel", 6, 0x3C, "Haswell", "x86-64-v3",
                    List.of("avx2", "fma", "f16c", "bmi1", "bmi2", "abm", "movbe", "fsgsbase"), List.of("adx", "clflushopt"),
                    List.of(), Map.of("raid.xor.native", "x86_64.x86-64-v3", "skeleton.bitcount", "popcnt", "zstd.huffman", "bmi2", "zstd.copy", "vector128", "raid.xor", "vector256"), true),
            // Skylake-SP: prefer_ymm by model; its AVX-512 bits are dropped by TCG.
            new Model("Skylake-Server", "GenuineIntel", 6, 0x55, "Skylake-SP", "x86-64-v3",
                    List.of("avx2", "fma", "bmi2", "adx", "clflushopt", "clwb", "smap"), List.of("avx512dq", "avx512cd"),
                    List.of("prefer_ymm"), Map.of("raid.xor.native", "x86_64.x86-64-v3", "skeleton.bitcount", "popcnt", "zstd.huffman", "bmi2", "zstd.copy", "vector128", "raid.xor", "vector256"),
                    true),
            // Denverton: a Goldmont Atom with MPX state enabled in XCR0, no AVX; its SHA-NI and RDSEED are dropped by TCG.
            new Model("Denverton", "GenuineIntel", 6, 0x5F, "Atom Goldmont", "x86-64-v2",
                    List.of("sse4_2", "aes", "movbe", "rdrand", "mpx", "xsave", "clflushopt"), List.of("avx"), List.of(),
                    Map.of("raid.xor.native", "x86_64.x86-64-v2", "skeleton.bitcount", "popcnt", "zstd.huffman", "generic", "zstd.copy", "generic"), false),
            // Opteron_G5: family 0x15 model 0x02, a Piledriver (issue 15), AVX and FMA3 but no AVX2.
            new Model("Opteron_G5", "AuthenticAMD", 0x15, 0x02, "Piledriver", "x86-64-v2",
                    List.of("avx", "fma", "f16c", "sse4a", "abm", "aes"), List.of("avx2", "bmi1", "movbe"), List.of(),
                    Map.of("raid.xor.native", "x86_64.x86-64-v2", "skeleton.bitcount", "popcnt", "zstd.huffman", "generic", "zstd.copy", "generic"), false),
            new Model("EPYC-Rome", "AuthenticAMD", 0x17, 0x31, "Zen 2", "x86-64-v3",
                    List.of("avx2", "fma", "bmi2", "adx", "clwb", "sse4a", "movbe", "umip"), List.of(), List.of(),
                    Map.of("raid.xor.native", "x86_64.x86-64-v3", "skeleton.bitcount", "popcnt", "zstd.huffman", "bmi2", "zstd.copy", "vector128", "raid.xor", "vector256"), true));

    @Test
    void theCommandReportsWhatEachEmulatedCpuModelDefines() throws Exception {
        String arch = System.getProperty("os.arch");
        if (!arch.equals("amd64") && !arch.equals("x86_64")) {
            Assumptions.abort("the x86-64 JVM runs under qemu-x86_64 only on an x86-64 host, this is " + arch);
        }
        Path qemu = HostTools.command("qemu-x86_64", "qemu-user");
        String jarProperty = System.getProperty("cpufeatures.demo.jar");
        if (jarProperty == null) {
            // -Dtest=... also selects it in the test phase, before the jar is built: it runs in integration-test.
            Assumptions.abort("runs in the integration-test phase (surefire execution 'qemu'), on the packaged jar");
        }
        Path jar = Paths.get(jarProperty).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), jar + " is built in the package phase, before this test");
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java").toRealPath();
        Path work = Files.createDirectories(jar.getParent().resolve("qemu"));
        long start = System.nanoTime();
        // A class-data-sharing archive of the command's classes, made natively: class loading is most of
        // a JVM start under emulation.
        Path archive = work.resolve("demo.jsa");
        Files.deleteIfExists(archive);
        run(List.of(java.toString(), "-XX:+UseSerialGC", "-XX:ArchiveClassesAtExit=" + archive, "--add-modules",
                "jdk.incubator.vector", "-jar", jar.toString(), "report", "--json"), work.resolve("archive"), 60);
        List<String> failures = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (Model m : MODELS) {
                results.add(pool.submit(() -> check(m, qemu, java, jar, archive, work)));
            }
            for (Future<String> f : results) {
                String problems = f.get(150, TimeUnit.SECONDS);
                if (!problems.isEmpty()) {
                    failures.add(problems);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("qemu-x86_64: %d models in %.1f s%n", MODELS.size(), (System.nanoTime() - start) / 1e9);
        assertEquals(List.of(), failures);
    }

    /** Runs the command under the model and returns what disagrees with the model's definition ("" when nothing). */
    private static String check(Model m, Path qemu, Path java, Path jar, Path archive, Path work) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(qemu.toString(), "-cpu", m.model(), java.toString(), "-XX:+UseSerialGC"));
        if (Files.isRegularFile(archive)) {
            cmd.add("-XX:SharedArchiveFile=" + archive);
        }
        if (!m.c2()) {
            cmd.add("-XX:TieredStopAtLevel=1");
        }
        cmd.addAll(List.of("--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-jar",
                jar.toString(), "report", "--json"));
        long t0 = System.nanoTime();
        String out = run(cmd, work.resolve(m.model()), 140);
        System.out.printf("qemu-x86_64 -cpu %s: %.1f s%n", m.model(), (System.nanoTime() - t0) / 1e9);
        JsonNode r = JSON.readTree(out);
        JsonNode cpu = r.path("cpus").get(0);
        List<String> p = new ArrayList<>();
        expect(p, "source.kind", "native", r.path("source").path("kind").asText());
        expect(p, "vendor", m.vendor(), cpu.path("vendor").asText());
        expect(p, "family", m.family(), cpu.path("family").asInt());
        expect(p, "model", m.modelNumber(), cpu.path("model").asInt());
        expect(p, "microarchitecture", m.microarchitecture(), cpu.path("microarchitecture").asText());
        expect(p, "level", m.level(), cpu.path("level").asText());
        Set<String> usable = strings(cpu.path("usable"));
        Set<String> present = strings(cpu.path("present"));
        for (String f : m.usable()) {
            if (!usable.contains(f)) {
                p.add(f + " not usable: " + cpu.path("notUsable"));
            }
        }
        Set<String> absent = new HashSet<>(m.absent());
        absent.addAll(TCG_LACKS);
        for (String f : absent) {
            if (present.contains(f)) {
                p.add(f + " present");
            }
        }
        expect(p, "policy", Set.copyOf(m.policy()), strings(cpu.path("policy")));
        // The JVM here reads the Vector API (--add-modules): the species derived from its flags must be the real one.
        JsonNode vector = r.path("jvm").path("vectorApi");
        expect(p, "vectorApi.derivedBits = preferredBits", vector.path("preferredBits").asInt(-1),
                vector.path("derivedBits").asInt(-2));
        if (cpu.has("coreType")) {
            p.add("coreType on a CPU that is not hybrid: " + cpu.path("coreType"));
        }
        m.dispatch().forEach((point, choice) -> expect(p, point, choice, r.path("dispatch").path(point).path("selected").asText()));
        if (!m.dispatch().containsKey("raid.xor")) {
            // no AVX2: the 256-bit kernel is rejected for it, and calibration picks a scalar kernel or the native xor
            JsonNode xor = r.path("dispatch").path("raid.xor");
            if (!Set.of("scalar", "scalar-unrolled", "native").contains(xor.path("selected").asText())) {
                p.add("raid.xor chose " + xor.path("selected"));
            }
        }
        // The width gates: C2 gives every lane type 256 bits with AVX2, only float and double with AVX alone (UseAVX=1);
        // TCG drops AVX-512F, so no lane type gets 512 bits; C1 alone (TieredStopAtLevel=1) compiles no vector.
        Set<String> gates = strings(r.path("jvm").path("available"));
        boolean avx2 = m.usable().contains("avx2");
        boolean avx = avx2 || m.usable().contains("avx");
        expect(p, "jvm.vector128", m.c2(), gates.contains("jvm.vector128"));
        expect(p, "jvm.vector256", m.c2() && avx2, gates.contains("jvm.vector256"));
        expect(p, "jvm.vector256_float", m.c2() && avx, gates.contains("jvm.vector256_float"));
        expect(p, "jvm.vector512", false, gates.contains("jvm.vector512"));
        expect(p, "jvm.vector512_float", false, gates.contains("jvm.vector512_float"));
        return p.isEmpty() ? "" : m.model() + ": " + String.join("; ", p);
    }

    private static void expect(List<String> problems, String what, Object want, Object got) {
        if (!want.equals(got)) {
            problems.add(what + " " + got + ", the model defines " + want);
        }
    }

    private static Set<String> strings(JsonNode array) {
        Set<String> s = new HashSet<>();
        array.forEach(n -> s.add(n.asText()));
        return s;
    }

    /** Runs {@code cmd}, its output to {@code base}.out and .err, and returns stdout; fails on a non-zero exit or a timeout. */
    private static String run(List<String> cmd, Path base, int seconds) throws IOException, InterruptedException {
        Path out = base.resolveSibling(base.getFileName() + ".out");
        Path err = base.resolveSibling(base.getFileName() + ".err");
        Process proc = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!proc.waitFor(seconds, TimeUnit.SECONDS)) {
            proc.destroyForcibly();
            fail(String.join(" ", cmd) + ": no answer in " + seconds + " s");
        }
        if (proc.exitValue() != 0) {
            fail(String.join(" ", cmd) + ": exit " + proc.exitValue() + ": " + Files.readString(err, StandardCharsets.UTF_8));
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
