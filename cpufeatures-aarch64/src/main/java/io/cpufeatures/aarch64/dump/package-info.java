/**
 * The AArch64 dump format ({@link io.cpufeatures.aarch64.dump.AArch64DumpText}): written by
 * {@code report --raw} on arm64, read on any host, refused whole with file, line and reason when
 * malformed.
 */
package io.cpufeatures.aarch64.dump;
