/**
 * The dispatch module's flight-recorder events ({@code io.cpufeatures.Choice}, {@code io.cpufeatures.Candidate},
 * {@code io.cpufeatures.NativeLoad}) and the process's history they are made from. Only {@code DispatchRecording}
 * and the events refer to {@code jdk.jfr}, and they are loaded only once {@code JfrGate} says a recording may
 * exist; {@code DispatchHistory} and its records are plain Java. Not API: events are read by name, with
 * {@code jfr print}, JDK Mission Control or {@code cpufeatures jfr}.
 */
package io.cpufeatures.dispatch.jfr;
