package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.x86.testing.HotSpotCpuLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --target aot:...} between this machine and qemu's x86 models, both ways, against the two JVMs' own
 * lists: a JDK 25 here and the same JDK under {@code qemu-x86_64 -cpu MODEL} each print their {@code -Xlog:os+cpu}
 * line, and what a cache trained on one may use that the other lacks is the first list less the second ({@code ht},
 * no instruction, left out). The model's side reads a {@code cpuid -r} dump taken under the same model. Skipped, with
 * the reason, without qemu-x86_64, the cpuid command or a JDK 25 (under {@code CI=true} that fails).
 */
class CheckAotQemuTest {

    /** The models JDK 25 runs on under qemu here: AVX2, AVX-512 CPUID bits, AMD's Zen, everything. */
    private static final List<String> MODELS = List.of("Haswell", "Skylake-Server", "EPYC", "max");

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aotVerdictsAreTheSetDifferenceOfTheTwoJvmsOwnLists(@TempDir Path dir) throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64") && System.getProperty("os.name").equals("Linux"),
                "the x86-64 JVM runs under qemu-x86_64 on an x86-64 Linux host");
        String qemu = HostTools.command("qemu-x86_64", "qemu-user").toString();
        String cpuid = HostTools.command("cpuid", "cpuid").toString();
        Optional<Path> java = HostTools.jdk25("aot: verdicts against JDK 25's own lists under qemu");
        assumeTrue(java.isPresent(), "no JDK 25");
        List<String> here = HotSpotCpuLine.names(Subprocess.run(List.of(java.get().toString(), "-Xlog:os+cpu",
                "-version"), new byte[0]).out());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<String, Future<Subprocess.Result>> runs = new LinkedHashMap<>();
        Map<String, Future<Subprocess.Result>> dumps = new LinkedHashMap<>();
        for (String model : MODELS) {
            dumps.put(model, pool.submit(() -> Subprocess.run(List.of(qemu, "-cpu", model, cpuid, "-r"), new byte[0], 60)));
            runs.put(model, pool.submit(() -> Subprocess.run(List.of(qemu, "-cpu", model, java.get().toString(),
                    "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xlog:os+cpu", "-version"), new byte[0], 170)));
        }
        pool.shutdown();
        List<String> wrong = new ArrayList<>();
        for (String model : MODELS) {
            List<String> there = HotSpotCpuLine.names(runs.get(model).get(3, TimeUnit.MINUTES).out());
            Path dump = Files.writeString(dir.resolve(model + ".txt"), dumps.get(model).get(1, TimeUnit.MINUTES).out());
            compare("trained here, run on " + model, minus(here, there),
                    CliTest.run("check", "--json", "--jdk", "25", "--target", "aot:this", dump.toString()), wrong);
            compare("trained on " + model + ", run here", minus(there, here),
                    CliTest.run("check", "--json", "--jdk", "25", "--target", "aot:" + dump), wrong);
        }
        assertEquals(List.of(), wrong);
    }

    /** {@code a} less {@code b} and {@code ht}, in {@code a}'s order. */
    private static List<String> minus(List<String> a, List<String> b) {
        List<String> d = new ArrayList<>(a);
        d.removeAll(b);
        d.remove("ht");
        return d;
    }

    private static void compare(String label, List<String> expected, CliTest.Run run, List<String> wrong)
            throws Exception {
        JsonNode line = JSON.readTree(run.out().lines().findFirst().orElse("{}"));
        List<String> missing = new ArrayList<>();
        line.path("missing").forEach(n -> missing.add(n.asText()));
        boolean runs = line.path("runs").asBoolean();
        int exit = expected.isEmpty() ? 0 : 1;
        if (!missing.equals(expected) || runs != expected.isEmpty() || run.exit() != exit) {
            wrong.add(label + ": the JVMs' difference " + expected + ", check's missing " + missing + " (runs " + runs
                    + ", exit " + run.exit() + ")\n" + run.out() + run.err());
        }
        System.out.println(label + ": " + (expected.isEmpty() ? "runs" : "misses " + expected));
    }
}
