/**
 * The first answer on ppc64le Linux ({@link io.cpufeatures.core.kit.FirstLayer}): the kernel's HWCAP words read
 * from {@code /proc/self/auxv} in plain Java, answered from a table generated from the full decoder's
 * ({@code FirstAnswerTable}). Not exported; the core reaches it by its class name.
 */
package io.cpufeatures.ppc64le.first;
