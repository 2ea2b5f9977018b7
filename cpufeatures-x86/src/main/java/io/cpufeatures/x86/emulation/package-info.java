/**
 * The emulation API: x86 CPUs described in code ({@link io.cpufeatures.x86.emulation.EmulatedCpu}),
 * to decode and to select for machines one does not have.
 */
package io.cpufeatures.x86.emulation;
