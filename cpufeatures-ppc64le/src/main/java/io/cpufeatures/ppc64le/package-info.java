/**
 * The ppc64le API: {@link io.cpufeatures.ppc64le.rules.Ppc64leDecodedCpu#of} turns a snapshot
 * ({@link io.cpufeatures.ppc64le.Ppc64leSnapshot}: the HWCAP words, the platform, the PVR) into an
 * {@link io.cpufeatures.ppc64le.rules.Ppc64leDecodedCpu}: the features ({@link io.cpufeatures.ppc64le.Ppc64leFeature})
 * present and usable with their reasons, and the {@link io.cpufeatures.ppc64le.Processor}. The tables and the
 * probe are not exported.
 */
package io.cpufeatures.ppc64le;

import io.cpufeatures.ppc64le.rules.Ppc64leDecodedCpu;

