package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The runnable jars as built (after package: the command's shaded jar and the demo assembly): each
 * says the build's version in its manifest and with --version, carries this project's LICENSE once,
 * one NOTICE merging this project's with the bundled libraries', and the third-party licences.
 */
class ShadedJarsIT {

    private static final Path ROOT = Path.of(System.getProperty("cpufeatures.project.dir", "../.."));

    @ParameterizedTest
    @ValueSource(strings = {"cpufeatures-cli/target/cpufeatures.jar", "examples/demo/target/cpufeatures-demo.jar"})
    void theJarCarriesItsVersionTheLicenceAndEveryNotice(String path) throws Exception {
        Path jar = ROOT.resolve(path);
        String version = System.getProperty("cpufeatures.expected.version");
        assertNotNull(version);
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            assertEquals(version, m.getMainAttributes().getValue("Implementation-Version"));
            assertEquals("io.cpufeatures.cli.Main", m.getMainAttributes().getValue("Main-Class"));
            assertEquals(Files.readString(ROOT.resolve("LICENSE")), text(j, "META-INF/LICENSE"));
            String notice = text(j, "META-INF/NOTICE");
            String ours = Files.readString(ROOT.resolve("NOTICE"));
            assertTrue(notice.contains(ours.substring(0, ours.indexOf("\n\n"))), "this project's notice: " + notice);
            assertTrue(notice.contains("Jackson is a high-performance, Free/Open Source JSON processing library."),
                    "Jackson's notice, merged: " + notice);
            assertEquals(1, notice.split("Copyright 2026 The cpufeatures authors", -1).length - 1, "once: " + notice);
            String thirdParty = text(j, "META-INF/THIRD-PARTY");
            assertTrue(thirdParty.contains("SLF4J") && thirdParty.contains("Permission is hereby granted"), thirdParty);
        }
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                jar.toString(), "--version").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(List.of("cpufeatures " + version), out.lines().toList());
    }

    private static String text(JarFile jar, String entry) throws Exception {
        var e = jar.getEntry(entry);
        assertNotNull(e, entry + " missing in " + jar.getName());
        try (var in = jar.getInputStream(e)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
