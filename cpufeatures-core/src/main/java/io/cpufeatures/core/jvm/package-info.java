/**
 * The JVM's view: HotSpot flags and the Vector API, exposed as {@code jvm.*} features so code can
 * require what the JIT will really compile.
 */
package io.cpufeatures.core.jvm;
