/**
 * The ppc64le dump format ({@link io.cpufeatures.ppc64le.dump.Ppc64leDumpText}): written by
 * {@code report --raw} on ppc64le, read on any host, refused whole with file, line and reason when malformed.
 */
package io.cpufeatures.ppc64le.dump;
