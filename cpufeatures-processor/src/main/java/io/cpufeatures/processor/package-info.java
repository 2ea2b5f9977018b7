/**
 * The compile-time half of cpufeatures dispatch: an annotation processor that lists every
 * {@code DispatchPointProvider} for {@link java.util.ServiceLoader} and rejects, at the annotation,
 * feature names no architecture module knows. Put it on the annotation processor path
 * ({@code maven-compiler-plugin}'s {@code annotationProcessorPaths}); nothing of it is needed at run time.
 */
package io.cpufeatures.processor;
