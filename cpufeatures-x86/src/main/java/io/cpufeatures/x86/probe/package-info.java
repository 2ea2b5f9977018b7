/**
 * The x86 probe of this machine ({@link io.cpufeatures.x86.probe.X86Probe}): CPUID and XGETBV through the project's
 * probe library ({@code JniCpuid}), JNA's stub page where that is refused, the kernel's {@code /proc/cpuinfo} where
 * neither works; the hybrid census, the AMX permission, and the OS listings (macOS, Windows) read as snapshots. Not
 * exported.
 */
package io.cpufeatures.x86.probe;
