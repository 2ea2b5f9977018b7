/**
 * Not exported. The usable layer's AArch64 rules, bound to the kit: what the kernel allows (HWCAP) beside
 * what the CPU has, and the dependency table.
 */
package io.cpufeatures.aarch64.rules;
