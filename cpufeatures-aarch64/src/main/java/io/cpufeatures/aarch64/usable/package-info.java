/**
 * The usable layer: what the kernel allows (HWCAP) beside what the CPU has, then the dependency
 * table to a fixpoint, each refusal with its reason.
 */
package io.cpufeatures.aarch64.usable;
