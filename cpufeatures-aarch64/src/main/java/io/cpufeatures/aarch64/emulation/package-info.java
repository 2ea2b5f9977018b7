/**
 * AArch64 CPUs described in code ({@link io.cpufeatures.aarch64.emulation.EmulatedArmCpu}), to decode
 * and select for machines one does not have, and a few reference ones.
 */
package io.cpufeatures.aarch64.emulation;
