package io.cpufeatures.core.internal;

import java.lang.module.ModuleDescriptor;

/**
 * Whether SLF4J has a provider to show a line: one named by {@code slf4j.provider} (SLF4J 2.0.9 and later), one listed
 * for {@link java.util.ServiceLoader} as {@code org.slf4j.spi.SLF4JServiceProvider} (how SLF4J 2 finds providers, on the
 * class path or by a named module's {@code provides}), or an SLF4J 1 binding ({@code org/slf4j/impl/StaticLoggerBinder}).
 * Without one, SLF4J answers every logger with its no-operation logger, which shows nothing, and its first
 * {@code LoggerFactory.getLogger} prints a three-line notice to stderr ("No SLF4J providers were found"). So a line that
 * reports nothing wrong (DEBUG, INFO) is not worth SLF4J's start there: {@link Log} drops it without loading a class of
 * SLF4J's.
 *
 * <p>Looked up once, by name only: no class of SLF4J's is loaded here.
 */
final class LoggingProvider {

    /** SLF4J 2's service: a provider lists itself under this name. */
    static final String SERVICE = "org.slf4j.spi.SLF4JServiceProvider";

    /** Whether a provider is there. */
    static final boolean PRESENT = find(LoggingProvider.class.getClassLoader(), LoggingProvider.class.getModule(),
            System.getProperty("slf4j.provider"));

    private LoggingProvider() {
    }

    /**
     * {@return whether a provider is named, visible to {@code loader}, or provided in {@code module}'s layer; true too
     * when the lookup itself fails, so that nothing is lost to an error of the lookup}
     *
     * @param loader   the class loader that loads SLF4J's classes with the library's (null: the system's)
     * @param module   the library's module
     * @param property the value of {@code slf4j.provider}, or null
     */
    static boolean find(ClassLoader loader, Module module, String property) {
        try {
            if (property != null) {
                return true;
            }
            ClassLoader l = loader != null ? loader : ClassLoader.getSystemClassLoader();
            if (l.getResource("META-INF/services/" + SERVICE) != null
                    || l.getResource("org/slf4j/impl/StaticLoggerBinder.class") != null) {
                return true;
            }
            return module.isNamed() && module.getLayer() != null && provides(module.getLayer());
        } catch (RuntimeException | LinkageError e) {
            return true;
        }
    }

    /** Whether a module of {@code layer} or of a parent layer provides SLF4J's service. */
    private static boolean provides(ModuleLayer layer) {
        for (Module m : layer.modules()) {
            for (ModuleDescriptor.Provides p : m.getDescriptor().provides()) {
                if (p.service().equals(SERVICE)) {
                    return true;
                }
            }
        }
        for (ModuleLayer parent : layer.parents()) {
            if (provides(parent)) {
                return true;
            }
        }
        return false;
    }
}
