/**
 * The first answer on x86 ({@link io.cpufeatures.core.kit.FirstLayer}): the leaves and the XCR0 word that
 * {@code has} needs, read once, and the usable bit set worked out from a table generated from the full
 * decoder's tables ({@code FirstAnswerTable}). Not exported; the core reaches it by its class name.
 */
package io.cpufeatures.x86.probe;
