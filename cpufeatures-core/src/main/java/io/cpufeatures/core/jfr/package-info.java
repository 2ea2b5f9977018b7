/**
 * The probe's flight-recorder event ({@code io.cpufeatures.Probe}): the only classes of the core that refer to
 * {@code jdk.jfr}, loaded only once {@code internal.JfrGate} says a recording may exist. Not API: events are read
 * by name, with {@code jfr print}, JDK Mission Control or {@code cpufeatures jfr}.
 */
package io.cpufeatures.core.jfr;
