/**
 * The architecture-neutral API of cpufeatures: what the CPU under this JVM can really run
 * ({@link io.cpufeatures.core.CpuFeatures}), the JVM's own view of it ({@code io.cpufeatures.core.jvm}),
 * the reasons behind every answer ({@code io.cpufeatures.core.trace}), and the kit an architecture
 * module is built with and implements ({@code io.cpufeatures.core.kit}: the contract, tables, the usable
 * layer, the first answer; exported to the architecture modules only).
 *
 * <p>Architecture modules (for example {@code io.cpufeatures.x86}) are found with
 * {@link java.util.ServiceLoader}; without one, every question is answered "not usable", with
 * the reason.
 */
module io.cpufeatures.core {
    requires org.slf4j;
    // what the OS is asked, asked in one place: os.name and os.arch, sysfs, the auxiliary vector
    requires io.cpufeatures.os;
    // The HotSpot flags (UseAVX, MaxVectorSize, UseSVE) are read through the platform MXBean, by
    // reflection so that a JVM without the bean still answers; requiring the module puts it in the
    // boot layer of an application on the module path, where it would otherwise be left out.
    requires jdk.management;
    // The probe's flight-recorder event (io.cpufeatures.core.jfr): only where the runtime has the module, and only
    // once a recording may exist (internal.JfrGate); an image without jdk.jfr runs the library as it is.
    requires static jdk.jfr;

    exports io.cpufeatures.core;
    exports io.cpufeatures.core.jvm;
    // The kit: the contract an architecture module implements, its tables and the usable layer; for those modules only.
    exports io.cpufeatures.core.kit to io.cpufeatures.x86, io.cpufeatures.aarch64, io.cpufeatures.ppc64le;
    exports io.cpufeatures.core.trace;
    // Once: the dispatch layer's process-wide state keeps failures of the moment out as the core's does; Log: every
    // module's way to SLF4J (no logger in a class initialiser, a maker thread's lines logged by its caller).
    exports io.cpufeatures.core.internal to io.cpufeatures.dispatch, io.cpufeatures.x86, io.cpufeatures.aarch64,
            io.cpufeatures.ppc64le;

    // the modules declare the service so that an application on the module path resolves them; the registry
    // (internal.Architectures) loads the one a process runs on by its class name, and reads no service file
    uses io.cpufeatures.core.kit.Architecture;
}
