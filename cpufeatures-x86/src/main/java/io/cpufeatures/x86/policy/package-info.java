/**
 * Not exported. The preferred layer's tables: the policy rows ({@code prefer_ymm}), the
 * microarchitecture and hypervisor names.
 */
package io.cpufeatures.x86.policy;
