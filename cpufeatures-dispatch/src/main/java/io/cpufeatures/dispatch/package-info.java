/**
 * Selection of the best implementation of a routine for the CPU under the JVM, made once.
 *
 * <p>Empty until the dispatch layer lands; the module exists so the build has its final shape.
 */
package io.cpufeatures.dispatch;
