package io.cpufeatures.verification.first;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which source answers a fresh JVM on x86-64 Linux, by how native access was granted: on JDK 25 the CPU is read by
 * CPUID where the command line, {@code JDK_JAVA_OPTIONS} or {@code JAVA_TOOL_OPTIONS} grants it or
 * {@code --illegal-native-access=allow} is given, and the kernel's word answers where nothing grants it, where an
 * argument file may (it is not read) and under {@code deny}; on this JDK (17) CPUID always. Every run prints nothing
 * on stderr and gives the same answer.
 */
class NativeAccessChoiceTest {

    @TempDir
    Path dir;

    private record Way(String name, List<String> options, Map<String, String> environment, String source) {
    }

    private String run(Path java, Way way) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xshare:auto"));
        cmd.addAll(way.options());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SourceMain.class.getName(), "avx2"));
        Path err = dir.resolve(way.name() + ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        pb.environment().putAll(way.environment());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), way.name());
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        // the launcher and the VM say "Picked up JDK_JAVA_OPTIONS/JAVA_TOOL_OPTIONS" themselves; that line is not ours
        List<String> lines = new ArrayList<>();
        for (String l : stderr.split("\n")) {
            if (!l.isBlank() && !l.contains("Picked up J")) {
                lines.add(l);
            }
        }
        assertEquals(List.of(), lines, way.name() + " printed on stderr");
        assertEquals(0, p.exitValue(), way.name());
        return out;
    }

    @Test
    void theGrantDecidesBetweenCpuidAndTheKernelsWordInSilence() throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64") && System.getProperty("os.name").equals("Linux"),
                "x86-64 Linux: the kernel's word is x86's choice");
        Path argFile = Files.writeString(dir.resolve("grant.args"), "--enable-native-access=ALL-UNNAMED\n");
        String grant = "--enable-native-access=ALL-UNNAMED";
        List<Way> ways25 = List.of(
                new Way("default", List.of(), Map.of(), "proc-cpuinfo"),
                new Way("granted", List.of(grant), Map.of(), "native"),
                new Way("granted-in-JDK_JAVA_OPTIONS", List.of(), Map.of("JDK_JAVA_OPTIONS", grant), "native"),
                new Way("granted-in-JAVA_TOOL_OPTIONS", List.of(), Map.of("JAVA_TOOL_OPTIONS", grant), "native"),
                new Way("allow", List.of("--illegal-native-access=allow"), Map.of(), "native"),
                new Way("another-module", List.of("--enable-native-access=java.base"), Map.of(), "proc-cpuinfo"),
                new Way("argument-file", List.of("@" + argFile), Map.of(), "proc-cpuinfo"),
                new Way("deny", List.of("--illegal-native-access=deny"), Map.of(), "proc-cpuinfo"));
        Path java17 = Path.of(System.getProperty("java.home"), "bin", "java");
        String answer = run(java17, new Way("jdk17-default", List.of(), Map.of(), "native"));
        assertTrue(answer.startsWith("source=native "), answer);
        String has = answer.substring(answer.indexOf(" has="));
        Optional<Path> java25 = HostTools.jdk25("the kernel's word on JDK 25");
        if (java25.isEmpty()) {
            return;
        }
        for (Way w : ways25) {
            String out = run(java25.get(), w);
            assertEquals("source=" + w.source() + has, out, w.name());
        }
    }
}
