/**
 * The AArch64 API: {@link io.cpufeatures.aarch64.rules.AArch64DecodedCpu#of} turns a snapshot
 * ({@link io.cpufeatures.aarch64.AArch64Snapshot}: HWCAP words, ID registers, vector lengths) into an
 * {@link io.cpufeatures.aarch64.rules.AArch64DecodedCpu}: the features ({@link io.cpufeatures.aarch64.table.AArch64Feature},
 * each a HWCAP bit beside the ID-register field that means the CPU has it) present and usable with their
 * reasons, MIDR and the core it names. The rest of the module (the tables, the probe) is not exported.
 */
package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.table.AArch64Feature;

import io.cpufeatures.aarch64.rules.AArch64DecodedCpu;

