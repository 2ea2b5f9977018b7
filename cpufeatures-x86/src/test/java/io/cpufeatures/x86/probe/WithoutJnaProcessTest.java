package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.os.Jna;
import io.cpufeatures.x86.testing.JavaProcess;
import io.cpufeatures.x86.testing.PrintReport;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * JNA is optional: fresh JVMs whose class path, or module path, lacks JNA's jar answer as one with it on this machine
 * (x86-64 Linux: CPUID through the probe library), and where the stub page would need JNA (the probe library
 * refused), the kernel's flags answer with one WARN line naming the dependency, never a crash.
 */
class WithoutJnaProcessTest {

    private static void assumeX86Linux() {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && Files.isReadable(Path.of("/proc/cpuinfo")),
                "needs x86-64 Linux");
    }

    private static boolean isJna(String entry) {
        return entry.replace('\\', '/').matches(".*/jna-[0-9][^/]*\\.jar$");
    }

    private static List<String> classPath() {
        return List.of(System.getProperty("java.class.path").split(File.pathSeparator));
    }

    private static String withoutJna() {
        List<String> kept = classPath().stream().filter(e -> !isJna(e)).collect(Collectors.toList());
        assertTrue(kept.size() < classPath().size(), "the test class path has JNA's jar to leave out");
        return String.join(File.pathSeparator, kept);
    }

    /** The lines a consumer relies on: the architecture, the source, the usable features. */
    private static String answer(String out) {
        return out.lines().filter(l -> l.startsWith("architecture=") || l.startsWith("source=") || l.startsWith("names="))
                .collect(Collectors.joining("\n"));
    }

    private static long warnings(String out) {
        return out.lines().filter(l -> l.startsWith("WARN ")).count();
    }

    @Test
    void theClassPathWithoutJnaAnswersAsWithIt() throws Exception {
        assumeX86Linux();
        String with = JavaProcess.run(PrintReport.class);
        String without = JavaProcess.runWith(PrintReport.class, List.of("-cp", withoutJna()));
        assertTrue(answer(with).contains("source=native"), with);
        assertTrue(answer(with).contains("names=["), with);
        assertEquals(answer(with), answer(without), without);
        assertEquals(0, warnings(without), without);
    }

    @Test
    void theModulePathWithoutJnaStartsAndAnswersAsTheClassPathWithIt() throws Exception {
        assumeX86Linux();
        // the library's modules (and SLF4J's API) on the module path, PrintReport on the class path; no JNA anywhere.
        // With a plain "requires com.sun.jna" this failed at startup: FindException: Module com.sun.jna not found.
        List<String> modules = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (String e : classPath()) {
            String n = e.replace('\\', '/');
            if (n.matches(".*/cpufeatures-(core|os|x86)[^/]*\\.jar$") || n.matches(".*/cpufeatures-(core|os|x86)/target/classes$")
                    || n.matches(".*/slf4j-api-[^/]*\\.jar$")) {
                modules.add(e);
            } else if (n.endsWith("/target/test-classes")) {
                rest.add(e);
            }
        }
        assertEquals(4, modules.size(), "core, os, x86 and slf4j-api in " + modules);
        String with = JavaProcess.run(PrintReport.class);
        String without = JavaProcess.runWith(PrintReport.class, List.of("--module-path",
                String.join(File.pathSeparator, modules), "--add-modules", "io.cpufeatures.x86", "-cp",
                String.join(File.pathSeparator, rest)));
        assertFalse(without.contains("FindException"), without);
        assertEquals(answer(with), answer(without), without);
        assertFalse(without.contains("SLF4J"), "a healthy answer logs nothing: " + without);
    }

    @Test
    void theStubPageWithoutJnaFallsBackToTheKernelsFlagsWithOneWarnNamingTheDependency() throws Exception {
        assumeX86Linux();
        String out = JavaProcess.runWith(PrintReport.class, List.of("-Dcpufeatures.native.cache=relative/dir", "-cp",
                withoutJna()));
        assertTrue(out.contains("source=proc-cpuinfo"), out);
        assertTrue(out.contains("failure=native: JNA is not on the class path: it is an optional dependency, so add "
                + Jna.ARTIFACT), out);
        assertTrue(out.contains("the probe library was not used: cpufeatures.native.cache='relative/dir' is not an"
                + " absolute path"), out);
        assertEquals(1, warnings(out), out);
        assertTrue(out.lines().filter(l -> l.startsWith("WARN ")).findFirst().orElseThrow().contains(Jna.ARTIFACT), out);
        assertFalse(out.contains("Exception in") || out.contains("NoClassDefFoundError"), out);
    }

    @Test
    void macOsWithoutJnaAnswersFromTheJvmsViewWithOneWarnNamingTheDependency() throws Exception {
        assumeX86Linux();
        // told it runs on macOS: no probe library is built for it, and its stub page would need JNA
        String out = JavaProcess.runWith(PrintReport.class, List.of("-Dos.name=Mac OS X", "-cp", withoutJna()));
        assertTrue(out.contains("source=jvm"), out);
        assertTrue(out.contains("failure=native: JNA is not on the class path: it is an optional dependency, so add "
                + Jna.ARTIFACT), out);
        assertTrue(out.contains("avx2="), out);
        assertEquals(1, warnings(out), out);
        String warn = out.lines().filter(l -> l.startsWith("WARN ")).findFirst().orElseThrow();
        assertTrue(warn.contains(Jna.ARTIFACT) && warn.contains("answering from jvm"), out);
        assertFalse(out.contains("Exception in") || out.contains("NoClassDefFoundError"), out);
    }
}
