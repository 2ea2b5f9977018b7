/**
 * The service-provider interface between the architecture-neutral facade
 * {@link io.cpufeatures.core.CpuFeatures} and the architecture modules.
 */
package io.cpufeatures.core.spi;
