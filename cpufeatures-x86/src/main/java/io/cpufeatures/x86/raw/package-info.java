/**
 * Not exported. Helpers of the raw layer: the CPUID leaf ranges, hexadecimal text, and the
 * {@code cpuid -r} text format the module writes.
 */
package io.cpufeatures.x86.raw;
