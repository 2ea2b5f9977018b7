package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The floor, on operating systems and architectures this machine is not: a JVM told it runs on macOS or Windows
 * (and, on an x86-64 host, on arm64) finds no probe that works there and answers from the JVM's own view, with
 * that as its source and one WARN line naming what failed; never "no CPU information". The architecture's
 * baseline is usable (Advanced SIMD on AArch64, SSE2 on x86-64) and a feature the JVM's view does not show
 * says so. The JVM is this one: its flags are x86's, so on the simulated arm64 only the baseline and the
 * flags both architectures share (UseAES, UseSHA) can show.
 */
class SimulatedOsTest {

    /** Guest side: the source, a baseline feature, a feature the floor cannot know. */
    public static final class Guest {
        public static void main(String[] args) {
            CpuFeatures cpu = CpuFeatures.current();
            System.out.println("source=" + cpu.source().kind().id());
            System.out.println("baseline=" + cpu.has(args[0]));
            System.out.println("unknown=" + cpu.reasons(args[1]));
            System.out.println("usable=" + cpu.usable());
        }
    }

    record Simulated(String osName, String osArch, String baseline, String unknown) {
    }

    @Test
    void everySimulatedMachineAnswersFromTheJvmsViewWithOneWarning() throws Exception {
        String arch = System.getProperty("os.arch");
        Assumptions.assumeTrue(arch.equals("amd64") || arch.equals("aarch64"), "x86-64 or arm64 hosts");
        List<Simulated> machines = new ArrayList<>(List.of(new Simulated("Mac OS X", "aarch64", "asimd", "sve2"),
                new Simulated("Windows 11", "aarch64", "asimd", "sve2"),
                new Simulated("Windows 11", "amd64", "sse2", "avx512vnni")));
        if (arch.equals("amd64")) {
            // macOS's MAP_ANON differs from Linux's: the stub's page is refused here, as a sandbox would refuse it.
            machines.add(new Simulated("Mac OS X", "amd64", "sse2", "avx512vnni"));
        }
        List<String> problems = new ArrayList<>();
        for (Simulated m : machines) {
            Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dos.name=" + m.osName(), "-Dos.arch=" + m.osArch(),
                    "-Dslf4j.provider=io.cpufeatures.cli.StderrLoggerProvider", "-cp", System.getProperty("java.class.path"),
                    Guest.class.getName(), m.baseline(), m.unknown()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), m + " did not finish");
            String where = m.osName() + "/" + m.osArch() + ": ";
            if (p.exitValue() != 0 || !out.contains("source=jvm")) {
                problems.add(where + "not answered from the JVM's view:\n" + out);
                continue;
            }
            if (!out.contains("baseline=true")) {
                problems.add(where + m.baseline() + " is every such CPU's, yet not usable:\n" + out);
            }
            if (!out.contains("unknown=[jvm: unknown: no probe of this machine worked")) {
                problems.add(where + m.unknown() + " should read unknown, with why:\n" + out);
            }
            long warnings = out.lines().filter(l -> l.startsWith("WARN ")).count();
            long floorWarnings = out.lines().filter(l -> l.startsWith("WARN ") && l.contains("answering from jvm")).count();
            if (warnings != 1 || floorWarnings != 1) {
                problems.add(where + "one WARN line saying the JVM's view answered, not " + warnings + ":\n" + out);
            }
        }
        assertEquals(List.of(), problems);
    }
}
