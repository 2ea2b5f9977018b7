/**
 * The x86 architecture module: CPUID and XCR0 read by a W^X native probe, the feature, dependency,
 * errata and policy tables the kit decodes them with, and parsers for CPUID dumps. Found by
 * {@link io.cpufeatures.core.CpuFeatures} through {@link java.util.ServiceLoader}. Its API is three
 * packages: the decoded CPU and its snapshot ({@code io.cpufeatures.x86}), dump files ({@code dump}) and
 * CPUs described in code ({@code emulation}); the tables, rules and probe are not exported.
 */
module io.cpufeatures.x86 {
    requires transitive io.cpufeatures.core;
    requires io.cpufeatures.os;
    // optional: only the fallbacks and the details beyond the first answer use it, through io.cpufeatures.os's Jna
    requires static com.sun.jna;
    requires org.slf4j;

    exports io.cpufeatures.x86;
    exports io.cpufeatures.x86.emulation;

    provides io.cpufeatures.core.kit.Architecture with io.cpufeatures.x86.rules.X86Architecture;
}
