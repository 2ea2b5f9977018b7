package io.cpufeatures.core.testing;

import io.cpufeatures.core.internal.Architectures;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Offers {@link CountingProvider} to the registry before any test runs: the core's tests have no architecture module
 * on their class path, and the registry finds modules by the classes its table names, which this one is not. The
 * child JVMs' mains offer it themselves ({@link #offer()}).
 */
public final class OfferCountingProvider implements LauncherSessionListener {

    /** For the JUnit launcher (a service). */
    public OfferCountingProvider() {
    }

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        offer();
    }

    /** Offers the provider to the registry; done once per JVM, before anything asks for a module. */
    public static void offer() {
        Architectures.offer(new CountingProvider());
    }
}
