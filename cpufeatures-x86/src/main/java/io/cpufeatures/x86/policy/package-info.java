/**
 * The preferred layer: policy flags that never remove usability ({@code prefer_ymm}), the x86-64
 * psABI level, the microarchitecture and hypervisor names.
 */
package io.cpufeatures.x86.policy;
