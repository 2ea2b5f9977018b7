/**
 * Not exported. Reading the running CPU: {@link io.cpufeatures.aarch64.probe.AArch64Probe} (getauxval, MRS
 * from a W^X page when HWCAP_CPUID allows it, prctl for the vector lengths, {@code /proc/cpuinfo} as the
 * fallback).
 */
package io.cpufeatures.aarch64.probe;
