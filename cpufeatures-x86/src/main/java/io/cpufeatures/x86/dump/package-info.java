/**
 * Readers of CPUID dump files ({@code cpuid -r}, AIDA64/InstLatx64, libcpuid raw and {@code .test}),
 * with format detection, subleaf numbering for untagged dumps and collapsing of identical logical
 * CPUs. Entry point: {@link io.cpufeatures.x86.dump.CpuidDumps}.
 */
package io.cpufeatures.x86.dump;
