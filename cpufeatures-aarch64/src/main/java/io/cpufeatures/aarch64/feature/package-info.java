/**
 * The present layer: the feature table ({@link io.cpufeatures.aarch64.feature.AArch64Feature}), each
 * row a hwcap bit beside the ID-register field and minimum value that mean the CPU has it.
 */
package io.cpufeatures.aarch64.feature;
