/**
 * Traces: how the verdict on a feature, a policy flag, a group or a {@code jvm.*} gate was reached,
 * layer by layer, as the decoder reached it ({@link io.cpufeatures.core.CpuFeatures#trace(String)}).
 */
package io.cpufeatures.core.trace;
