package io.cpufeatures.examples.zstd;

import io.cpufeatures.dispatch.Implementation;

/**
 * The portable kernel: 8-byte words through a byte-array view, 16 bytes before any test of the
 * length, then a word at a time. Needs nothing from the CPU or the JVM.
 *
 * <p>The same copy is spelled out in {@link SequenceExecutor}'s loop for a block's last
 * sequences and in {@link Vector128CopyKernel} for near matches. One helper for all of them
 * measured 3-7% slower with this kernel on 4 KiB blocks (four comparisons, JDK 17 and 25), so
 * each keeps its own few lines.
 */
@Implementation(name = "generic", description = "8-byte words through a byte-array view")
public final class GenericCopyKernel implements CopyKernel {

    @Override
    public void copyLiterals(byte[] src, int from, byte[] dst, int to, int end) {
        Bytes.copy8(src, from, dst, to);
        Bytes.copy8(src, from + 8, dst, to + 8);
        if (end - to > 16) {
            SequenceExecutor.copyWords(src, from + 16, dst, to + 16, end);
        }
    }

    @Override
    public void copyMatch(byte[] out, int from, int to, int end) {
        // 8 or more bytes back: each word is read after the word it may overlap is written
        Bytes.copy8(out, from, out, to);
        Bytes.copy8(out, from + 8, out, to + 8);
        if (end - to > 16) {
            SequenceExecutor.copyWords(out, from + 16, out, to + 16, end);
        }
    }
}
