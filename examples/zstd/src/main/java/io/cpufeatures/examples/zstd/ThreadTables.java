package io.cpufeatures.examples.zstd;

import java.lang.ref.SoftReference;

/**
 * Each thread's block decoder (its Huffman, FSE and sequence tables and buffers), lent to one
 * decompression call at a time, so that a context made for one block finds tables the thread has
 * used before instead of fresh arrays.
 *
 * <p>Why: a new context's first block allocated about 11 KiB of tables, and fresh memory is
 * cold, every cache line of it a miss on first write; ours with a new context per 4 KiB block
 * was 7-24% slower than ours reused (JMH, Zen 3 guest), the whole of its gap to aircompressor on
 * some cells. libzstd's {@code ZSTD_createDCtx} gets the same effect from {@code malloc}, which
 * hands the block just freed back, warm.
 *
 * <p>A call takes the thread's decoder (only if nothing else on this thread holds it, which
 * nothing can, since a call runs to its end) and gives it back when it returns or throws; a
 * decoder carries nothing from one call to the next, every frame starting from
 * {@link BlockDecoder#startFrame}. The thread keeps it through a {@link SoftReference}: the
 * collector may take it back when memory is short, and a thread that stops decoding keeps no
 * more than one decoder's tables.
 */
final class ThreadTables {

    /** One thread's decoder and whether a call holds it. */
    private static final class Slot {
        SoftReference<BlockDecoder> decoder = new SoftReference<>(null);
        boolean lent;
    }

    private static final ThreadLocal<Slot> SLOTS = ThreadLocal.withInitial(Slot::new);

    private ThreadTables() {
    }

    /** The thread's decoder for {@code kernels}, now held by the caller until {@link #giveBack}; a new one if it has none. */
    static BlockDecoder take(Kernels kernels) {
        Slot s = SLOTS.get();
        BlockDecoder d = s.decoder.get();
        if (s.lent || d == null || !d.kernels().equals(kernels)) {
            return new BlockDecoder(kernels);
        }
        s.lent = true;
        return d;
    }

    /** Gives {@code d}, taken by {@link #take} on this thread, back to the thread. */
    static void giveBack(BlockDecoder d) {
        Slot s = SLOTS.get();
        if (s.decoder.get() != d) {
            s.decoder = new SoftReference<>(d);
        }
        s.lent = false;
    }
}
