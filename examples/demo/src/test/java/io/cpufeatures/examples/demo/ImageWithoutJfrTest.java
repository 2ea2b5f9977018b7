package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.cli.Main;
import io.cpufeatures.core.CpuFeatures;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library in a runtime image made without {@code jdk.jfr} (jlink, the modules the library needs and nothing
 * more): the report and a dispatched call run, on the class path and with the library's modules on the module path
 * (which {@code requires static jdk.jfr} allows), even when the events are asked for
 * ({@code -Dcpufeatures.jfr=true}); {@code cpufeatures jfr} says in one line that the runtime lacks the module.
 */
class ImageWithoutJfrTest {

    /**
     * What the library and the command need of the JDK: JNA's classes refer to java.desktop's (its Native links
     * java.awt.Window) and log with java.logging; the core reads HotSpot's flags through jdk.management's MXBean.
     */
    static final String MODULES = "java.base,java.desktop,java.logging,java.management,jdk.management";

    @TempDir
    Path dir;

    /** The test class path's entries whose file name matches {@code pattern}. */
    private static List<String> entries(String pattern) {
        List<String> kept = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.replace('\\', '/').matches(pattern)) {
                kept.add(entry);
            }
        }
        return kept;
    }

    @Test
    void theReportAndADispatchedCallRunInAnImageWithoutJfr() throws Exception {
        Path home = Path.of(System.getProperty("java.home"));
        Path jlink = HostTools.executable(home.resolve("bin/jlink"), "jlink of " + home, "a JDK with jlink");
        HostTools.require(Files.isDirectory(home.resolve("jmods")), "the JDK's jmods (" + home.resolve("jmods") + ")",
                "a JDK that ships its jmods (Debian package openjdk-17-jdk-headless)");
        Path image = dir.resolve("image");
        ChildJava.Result linked = ChildJava.run(dir, List.of(jlink.toString(), "--add-modules", MODULES,
                "--no-header-files", "--no-man-pages", "--output", image.toString()), 300);
        assertEquals(0, linked.exit(), linked.err());
        String java = image.resolve("bin/java").toString();
        ChildJava.Result modules = ChildJava.run(dir, List.of(java, "--list-modules"), 60);
        assertFalse(modules.out().contains("jdk.jfr"), modules.out());

        String classPath = System.getProperty("java.class.path");
        ChildJava.Result report = ChildJava.run(dir, List.of(java, "-Dcpufeatures.jfr=true", "-cp", classPath,
                Main.class.getName(), "report"), 120);
        assertEquals(0, report.exit(), report.err());
        // the same source as the full JDK's: nothing of the library fell back for want of a module
        assertTrue(report.out().startsWith("source              " + CpuFeatures.current().source().kind().id() + " ("),
                report.out() + report.err());
        assertTrue(report.out().contains("skeleton.bitcount"), report.out());

        ChildJava.Result call = ChildJava.run(dir, List.of(java, "-Dcpufeatures.jfr=true", "-cp", classPath,
                DispatchedCallMain.class.getName()), 120);
        assertEquals(0, call.exit(), call.err());
        assertEquals("64 " + DispatchedCallMain.expected(), call.out().strip());
        assertFalse(call.err().contains("Exception") || call.err().contains("flight-recorder"), call.err());

        // the library's modules on the module path: requires static jdk.jfr resolves without it
        String modulePath = String.join(File.pathSeparator, entries(
                ".*/(cpufeatures-(core|os|x86|aarch64|ppc64le|dispatch)[^/]*(\\.jar|/target/classes)|jna-[0-9][^/]*\\.jar"
                        + "|slf4j-api-[^/]*\\.jar)$"));
        List<String> rest = entries(".*/(cpufeatures-example-skeleton[^/]*\\.jar|skeleton/target/classes|demo/target/test-classes)$");
        ChildJava.Result onModulePath = ChildJava.run(dir, List.of(java, "-Dcpufeatures.jfr=true", "--module-path",
                modulePath, "--add-modules", "io.cpufeatures.dispatch,io.cpufeatures.x86,io.cpufeatures.aarch64",
                "--enable-native-access=com.sun.jna", "-cp", String.join(File.pathSeparator, rest),
                DispatchedCallMain.class.getName()), 120);
        assertEquals(0, onModulePath.exit(), onModulePath.err());
        assertEquals("64 " + DispatchedCallMain.expected(), onModulePath.out().strip());

        ChildJava.Result jfr = ChildJava.run(dir, List.of(java, "-cp", classPath, Main.class.getName(), "jfr",
                dir.resolve("any.jfr").toString()), 120);
        assertEquals(1, jfr.exit(), jfr.err());
        assertEquals("cpufeatures: jfr reads recordings with the jdk.jfr module, which this Java runtime lacks (an image"
                + " made without it); run the command with a JDK", jfr.err().strip());
    }
}
