/**
 * Selection of the best implementation of a routine for the CPU under the JVM, made once: points
 * and their candidates ({@link io.cpufeatures.dispatch.DispatchPoint}), requirements
 * ({@link io.cpufeatures.dispatch.RequiresFeature}), the pure eligibility of candidates on any CPU
 * ({@link io.cpufeatures.dispatch.DispatchPoint#choiceFor}), the selection on this machine with
 * self-tests and calibration ({@link io.cpufeatures.dispatch.DispatchPoint#selection()}),
 * explanations and overrides.
 */
package io.cpufeatures.dispatch;
