package io.cpufeatures.x86.probe;

import com.sun.jna.Pointer;

/**
 * A page of memory that holds code, never writable and executable at once (W^X): it is mapped
 * read+write, the code is copied in, then it is switched to read+execute.
 */
interface ExecutableMemory extends AutoCloseable {

    /** Maps a read+write page, copies {@code code} into it and makes it read+execute. */
    Pointer load(byte[] code) throws NativeProbeException;

    /** Unmaps the page. */
    @Override
    void close();
}
