/**
 * The raw layer: what CPUID answered on one logical CPU ({@link io.cpufeatures.x86.raw.CpuidSnapshot}),
 * XCR0 and how it is known, where the data came from, and the {@code cpuid -r} text format.
 */
package io.cpufeatures.x86.raw;
