/**
 * The architecture-neutral part of cpufeatures: feature-name handling and the reasons a feature
 * the CPU has may still not be usable.
 */
package io.cpufeatures.core;
