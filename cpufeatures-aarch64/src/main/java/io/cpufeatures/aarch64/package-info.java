/**
 * AArch64 decoding: {@link io.cpufeatures.aarch64.AArch64Decoder} turns a snapshot
 * ({@code raw}: HWCAP words, ID registers, vector lengths) into an
 * {@link io.cpufeatures.aarch64.AArch64CpuInfo} through the layers present ({@code feature}: the
 * ID-register fields), usable ({@code usable}: what the kernel allows, then dependencies) and identity
 * ({@code identity}: MIDR to the core); {@code probe} reads the running CPU, {@code dump} reads and
 * writes the module's dump format, {@code emulation} describes CPUs in code.
 */
package io.cpufeatures.aarch64;
