package io.cpufeatures.core.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding SLF4J's provider without a class of SLF4J's: by the property, a service file, an SLF4J 1 binding; class
 * loaders that see nothing else. (A whole first answer and first dispatched call in a JVM without a provider:
 * verification's QuietFirstUseTest.)
 */
class LoggingProviderTest {

    private static final Module UNNAMED = LoggingProviderTest.class.getClassLoader().getUnnamedModule();

    private static URLClassLoader loader(Path dir) throws Exception {
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, null);
    }

    @Test
    void aLoaderThatSeesNoProviderFindsNone(@TempDir Path dir) throws Exception {
        try (URLClassLoader empty = loader(dir)) {
            assertFalse(LoggingProvider.find(empty, UNNAMED, null));
        }
    }

    @Test
    void aServiceFileOrAnSlf4j1BindingIsAProvider(@TempDir Path dir) throws Exception {
        Path services = Files.createDirectories(dir.resolve("a/META-INF/services"));
        Files.writeString(services.resolve(LoggingProvider.SERVICE), "org.example.Provider\n");
        try (URLClassLoader withService = loader(dir.resolve("a"))) {
            assertTrue(LoggingProvider.find(withService, UNNAMED, null));
        }
        Path binding = Files.createDirectories(dir.resolve("b/org/slf4j/impl"));
        Files.write(binding.resolve("StaticLoggerBinder.class"), new byte[] {(byte) 0xCA, (byte) 0xFE});
        try (URLClassLoader withBinding = loader(dir.resolve("b"))) {
            assertTrue(LoggingProvider.find(withBinding, UNNAMED, null));
        }
    }

    @Test
    void aProviderNamedByThePropertyIsOne(@TempDir Path dir) throws Exception {
        try (URLClassLoader empty = loader(dir)) {
            assertTrue(LoggingProvider.find(empty, UNNAMED, "org.example.Provider"));
        }
    }

    @Test
    void thisTestsClassPathHasLogback() {
        assertTrue(LoggingProvider.PRESENT, "logback-classic is a test dependency of the core");
    }
}
