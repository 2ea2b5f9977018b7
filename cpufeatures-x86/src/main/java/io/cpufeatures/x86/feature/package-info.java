/**
 * The present layer: the x86 feature table ({@link io.cpufeatures.x86.feature.X86Feature}), the
 * names and aliases it accepts, the CPU's identity, and which flags CPUID reports.
 */
package io.cpufeatures.x86.feature;
