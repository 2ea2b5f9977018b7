/**
 * The x86 architecture module: CPUID and XCR0 read by a W^X native probe, the dependency closure
 * that turns present into usable, the tuning policy, and parsers for CPUID dumps. Found by
 * {@link io.cpufeatures.core.CpuFeatures} through {@link java.util.ServiceLoader}; its packages are
 * also usable directly for x86-only questions (leaves, identity, XSAVE layout, dumps).
 */
module io.cpufeatures.x86 {
    requires transitive io.cpufeatures.core;
    requires com.sun.jna;

    exports io.cpufeatures.x86;
    exports io.cpufeatures.x86.dump;
    exports io.cpufeatures.x86.emulation;
    exports io.cpufeatures.x86.feature;
    exports io.cpufeatures.x86.policy;
    exports io.cpufeatures.x86.probe;
    exports io.cpufeatures.x86.raw;
    exports io.cpufeatures.x86.usable;

    provides io.cpufeatures.core.spi.CpuFeaturesProvider with io.cpufeatures.x86.X86CpuFeaturesProvider;
}
