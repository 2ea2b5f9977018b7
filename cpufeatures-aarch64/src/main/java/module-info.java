/**
 * The AArch64 architecture module: the HWCAP words, the ID registers read by a W^X native probe when
 * the kernel emulates them, the SVE and SME vector lengths; the feature and dependency tables the kit
 * decodes them with; the cores MIDR names; its own dump format. Found by
 * {@link io.cpufeatures.core.CpuFeatures} through {@link java.util.ServiceLoader}. Its API is three
 * packages: the decoded CPU and its snapshot ({@code io.cpufeatures.aarch64}), dump files ({@code dump})
 * and CPUs described in code ({@code emulation}); the tables, rules and probe are not exported.
 */
module io.cpufeatures.aarch64 {
    requires transitive io.cpufeatures.core;
    requires io.cpufeatures.os;
    // optional: only the fallbacks and the details beyond the first answer use it, through io.cpufeatures.os's Jna
    requires static com.sun.jna;
    requires org.slf4j;

    exports io.cpufeatures.aarch64;
    exports io.cpufeatures.aarch64.emulation;

    provides io.cpufeatures.core.kit.Architecture with io.cpufeatures.aarch64.rules.AArch64Architecture;
}
