/**
 * The AArch64 architecture module: the HWCAP words, the ID registers read by a W^X native probe when
 * the kernel emulates them, the SVE and SME vector lengths; the feature table that turns the
 * registers into present and the HWCAPs and dependencies into usable; the cores MIDR names; its own
 * dump format. Found by {@link io.cpufeatures.core.CpuFeatures} through
 * {@link java.util.ServiceLoader}; its packages are also usable directly for AArch64-only questions
 * (registers, MIDR, dumps, emulated CPUs).
 */
module io.cpufeatures.aarch64 {
    requires transitive io.cpufeatures.core;
    requires com.sun.jna;
    requires org.slf4j;

    exports io.cpufeatures.aarch64;
    exports io.cpufeatures.aarch64.dump;
    exports io.cpufeatures.aarch64.emulation;
    exports io.cpufeatures.aarch64.feature;
    exports io.cpufeatures.aarch64.identity;
    exports io.cpufeatures.aarch64.probe;
    exports io.cpufeatures.aarch64.raw;
    exports io.cpufeatures.aarch64.usable;

    provides io.cpufeatures.core.spi.CpuFeaturesProvider with io.cpufeatures.aarch64.AArch64CpuFeaturesProvider;
}
