/**
 * Not exported. Reading the running CPU: {@link io.cpufeatures.ppc64le.probe.Ppc64leProbe}.
 */
package io.cpufeatures.ppc64le.probe;
