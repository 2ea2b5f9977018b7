package io.cpufeatures.core.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime image's own VM options, looked up in real images: this JDK's (which has none, and has every class), one
 * that {@code jlink --add-options} made, and files that are no image.
 */
class ImageVmOptionsTest {

    private static final File MODULES = Paths.get(System.getProperty("java.home"), "lib", "modules").toFile();

    @Test
    void thisRuntimeHasNoOptionsOfItsOwnAndItsClassesAreFoundByTheSameLookup() throws Exception {
        assertEquals(ImageVmOptions.ABSENT, ImageVmOptions.of(MODULES));
        try (RandomAccessFile in = new RandomAccessFile(MODULES, "r")) {
            assertEquals(ImageVmOptions.PRESENT, ImageVmOptions.find(in, "/java.base/java/lang/Object.class"));
            assertEquals(ImageVmOptions.PRESENT, ImageVmOptions.find(in,
                    "/jdk.management/com/sun/management/HotSpotDiagnosticMXBean.class"));
            assertEquals(ImageVmOptions.ABSENT, ImageVmOptions.find(in, "/java.base/java/lang/NoSuchClass.class"));
        }
    }

    @Test
    void whatIsNoImageIsUnknown(@TempDir Path dir) throws Exception {
        assertEquals(ImageVmOptions.UNKNOWN, ImageVmOptions.of(dir.resolve("missing").toFile()));
        Path text = Files.writeString(dir.resolve("modules"), "not a jimage, not even close to one", StandardCharsets.UTF_8);
        assertEquals(ImageVmOptions.UNKNOWN, ImageVmOptions.of(text.toFile()));
        // a header that claims tables larger than the file
        byte[] header = new byte[28];
        byte[] magic = {(byte) 0xDA, (byte) 0xDA, (byte) 0xFE, (byte) 0xCA, 0, 0, 1, 0};
        System.arraycopy(magic, 0, header, 0, magic.length);
        header[16] = 0x7F;
        header[17] = 0x7F;
        assertEquals(ImageVmOptions.UNKNOWN, ImageVmOptions.of(Files.write(dir.resolve("short"), header).toFile()));
    }

    @Test
    void anImageJlinkGaveOptionsHasThem(@TempDir Path dir) throws Exception {
        Path jlink = Paths.get(System.getProperty("java.home"), "bin", "jlink");
        Assumptions.assumeTrue(Files.isExecutable(jlink), "jlink is part of this JDK");
        Assumptions.assumeTrue(Files.isDirectory(Paths.get(System.getProperty("java.home"), "jmods"))
                || Runtime.version().feature() >= 24, "jlink needs jmods before JDK 24");
        Path image = dir.resolve("image");
        Process p = new ProcessBuilder(List.of(jlink.toString(), "--add-modules", "java.base", "--add-options=-XX:UseAVX=1",
                "--output", image.toString())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "jlink finished");
        Assumptions.assumeTrue(p.exitValue() == 0, "jlink can link this runtime: " + out);
        assertEquals(ImageVmOptions.PRESENT, ImageVmOptions.of(image.resolve("lib").resolve("modules").toFile()));
    }
}
