package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.os.JvmArch;
import io.cpufeatures.os.NativePlatform;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code -Dos.arch} set to another architecture than the process's, in a JVM of its own: no native code of the
 * architecture it names runs, none of its answers is read from this machine's words as if they were that
 * architecture's (the first answer read x86's AT_HWCAP as arm64's, in silence: {@code atomics} was x86's CX8), and
 * one WARN line names the mismatch; native code is chosen for the process's real architecture.
 */
class OsArchLieTest {

    /** Guest side: the first answer's {@code has} alone, then the process's architecture as native code sees it. */
    public static final class Guest {
        public static void main(String[] args) {
            CpuFeatures cpu = CpuFeatures.current();
            for (String f : args) {
                System.out.println(f + "=" + cpu.has(f));
            }
            System.out.println("process=" + JvmArch.current() + " platform=" + NativePlatform.current());
        }
    }

    /** The architecture this host is not, by os.arch's spelling, and a feature of it no other CPU's words can give. */
    private static List<String> lie() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/exe")), "Linux's /proc/self/exe");
        String host = JvmArch.current();
        assumeTrue(host.equals("x86_64") || host.equals("aarch64"), "an x86-64 or arm64 host");
        return host.equals("x86_64") ? List.of("aarch64", "atomics", "x86_64") : List.of("amd64", "avx2", "aarch64");
    }

    @Test
    void theFirstAnswerIsNotReadFromAnotherArchitecturesWordsAndOneWarnNamesTheLie() throws Exception {
        List<String> lie = lie();
        Subprocess.Result r = Subprocess.run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dos.arch=" + lie.get(0), "-Dslf4j.provider=" + StderrLoggerProvider.class.getName(),
                "-Dslf4j.internal.verbosity=WARN", "-cp", System.getProperty("java.class.path"), Guest.class.getName(),
                lie.get(1)), new byte[0]);
        assertEquals(0, r.exit(), r.toString());
        // before: atomics=true (x86's AT_HWCAP bit 8, CX8, read as arm64's) and no WARN at all
        assertTrue(r.out().contains(lie.get(1) + "=false"), r.toString());
        assertTrue(r.out().contains("process=" + lie.get(2) + " platform=linux-" + lie.get(2)), r.toString());
        List<String> warnings = r.err().lines().filter(l -> l.startsWith("WARN ")).toList();
        assertEquals(1, warnings.size(), r.toString());
        assertTrue(warnings.get(0).contains("os.arch=" + lie.get(0) + " does not describe this process, which"
                + " /proc/self/exe says is " + lie.get(2) + " (ELF e_machine "), r.toString());
    }

    @Test
    void theCommandSaysTheLieOnceAndReportsWithoutNativeCodeOfEither() throws Exception {
        List<String> lie = lie();
        Subprocess.Result r = Subprocess.run(Subprocess.command(List.of("-Dos.arch=" + lie.get(0)), List.of("report")),
                new byte[0]);
        assertEquals(0, r.exit(), r.toString());
        List<String> warnings = r.err().lines().filter(l -> l.startsWith("WARN ")).toList();
        assertEquals(1, warnings.size(), r.toString());
        assertTrue(warnings.get(0).contains("os.arch=" + lie.get(0) + " does not describe this process"), r.toString());
        assertTrue(r.out().startsWith("source              jvm ("), r.out());
    }
}
