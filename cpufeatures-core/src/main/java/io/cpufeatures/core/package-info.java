/**
 * The architecture-neutral facade: {@link io.cpufeatures.core.CpuFeatures} (what the CPU under the JVM
 * can run, and why not), names and their resolution, reasons, sources, dump files of any
 * architecture, and the description reports print.
 */
package io.cpufeatures.core;
