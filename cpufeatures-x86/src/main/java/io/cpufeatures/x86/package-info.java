/**
 * x86 decoding: {@link io.cpufeatures.x86.X86Decoder} turns a CPUID snapshot into an
 * {@link io.cpufeatures.x86.X86CpuInfo} through the layers raw ({@code raw}), present
 * ({@code feature}), usable ({@code usable}) and preferred ({@code policy}); {@code dump} reads
 * snapshots from dump files.
 */
package io.cpufeatures.x86;
