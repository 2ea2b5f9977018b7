/**
 * The raw layer: {@link io.cpufeatures.aarch64.raw.AArch64Snapshot} (HWCAP words, ID registers and
 * how they were read, vector lengths, the source) and the types that name its parts.
 */
package io.cpufeatures.aarch64.raw;
