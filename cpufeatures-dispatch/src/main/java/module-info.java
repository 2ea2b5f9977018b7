/**
 * Dispatch once: each implementation of a routine declares what it needs, a
 * {@link io.cpufeatures.dispatch.DispatchPoint} picks the best one at initialisation and explains
 * its choice, and {@code io.cpufeatures.dispatch.testing} runs a test against every candidate.
 *
 * <p>Points are found with {@link java.util.ServiceLoader}: a module that defines points declares
 * {@code provides io.cpufeatures.dispatch.DispatchPointProvider with ...}.
 */
module io.cpufeatures.dispatch {
    requires transitive io.cpufeatures.core;
    requires org.slf4j;
    requires io.cpufeatures.os;
    // The choices' and native loads' flight-recorder events (io.cpufeatures.dispatch.jfr): only where the runtime
    // has the module and a recording may exist; an image without jdk.jfr runs the library as it is.
    requires static jdk.jfr;
    // Only the testing package uses JUnit, and only in the tests of a client library, which bring it.
    requires static org.junit.jupiter.api;

    exports io.cpufeatures.dispatch;
    exports io.cpufeatures.dispatch.testing;

    uses io.cpufeatures.dispatch.DispatchPointProvider;
}
