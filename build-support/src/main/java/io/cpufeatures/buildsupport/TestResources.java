package io.cpufeatures.buildsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The text of a file the tests bundle as a resource (a recorded dump, a kernel's text): read whole, as ISO-8859-1, so
 * that each byte is one character whatever the file holds.
 */
public final class TestResources {

    private TestResources() {
    }

    /**
     * The text of a bundled file.
     *
     * @param resource the file's absolute resource name, {@code /io/cpufeatures/x86/proc-cpuinfo/...}
     * @return its text
     * @throws IllegalArgumentException if there is no such resource
     * @throws UncheckedIOException     if it cannot be read
     */
    public static String text(String resource) {
        try (InputStream in = TestResources.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no bundled file " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The text of a bundled recording of a real machine, which names where it comes from on its first line
     * ({@code # source: ...}).
     *
     * @param resource the file's absolute resource name
     * @return its text
     */
    public static String recorded(String resource) {
        String text = text(resource);
        assertTrue(text.startsWith("# source: "), resource + " names its source");
        return text;
    }
}
