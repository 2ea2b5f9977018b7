/**
 * The ppc64le architecture module, written on the decoding kit: the AT_HWCAP and AT_HWCAP2 words of the
 * auxiliary vector, the platform and the processor version, its feature and dependency tables, its dump
 * format. Found by {@link io.cpufeatures.core.CpuFeatures} through {@link java.util.ServiceLoader}. Its API:
 * the decoded CPU and its snapshot ({@code io.cpufeatures.ppc64le}) and dump files ({@code dump}).
 */
module io.cpufeatures.ppc64le {
    requires transitive io.cpufeatures.core;
    requires io.cpufeatures.os;

    exports io.cpufeatures.ppc64le;

    provides io.cpufeatures.core.kit.Architecture with io.cpufeatures.ppc64le.rules.Ppc64leArchitecture;
}
