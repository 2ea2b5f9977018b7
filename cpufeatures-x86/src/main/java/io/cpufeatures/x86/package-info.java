/**
 * The x86 API: {@link io.cpufeatures.x86.rules.X86DecodedCpu#of} turns a CPUID snapshot
 * ({@link io.cpufeatures.x86.CpuidSnapshot}) into an {@link io.cpufeatures.x86.rules.X86DecodedCpu}: who the CPU
 * is ({@link io.cpufeatures.x86.CpuIdentity}), its features ({@link io.cpufeatures.x86.table.X86Feature}) present
 * and usable with their reasons, XCR0 ({@link io.cpufeatures.x86.Xcr0State}), the policy flags and the
 * psABI level. The rest of the module (the tables, the usable layer's rules, the probe) is not exported.
 */
package io.cpufeatures.x86;

import io.cpufeatures.x86.table.X86Feature;

import io.cpufeatures.x86.rules.X86DecodedCpu;

