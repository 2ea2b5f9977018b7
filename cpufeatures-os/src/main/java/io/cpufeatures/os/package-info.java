/**
 * The operating system's answers the probes share: {@link io.cpufeatures.os.AuxvFile},
 * {@link io.cpufeatures.os.ProcCpuinfo}, {@link io.cpufeatures.os.ElfMachine},
 * {@link io.cpufeatures.os.ExecutableMemory}. Each failure is a {@link io.cpufeatures.os.NativeProbeException}
 * with its reason, never a crash.
 */
package io.cpufeatures.os;
