package io.cpufeatures.os;

import com.sun.jna.Pointer;

/**
 * A page of memory that holds code, never writable and executable at once (W^X): it is mapped
 * read+write, the code is copied in, then it is switched to read+execute.
 */
public interface ExecutableMemory extends AutoCloseable {

    /**
     * Maps a read+write page, copies {@code code} into it and makes it read+execute.
     *
     * @param code the machine code; not longer than the page
     * @return the page's address, executable
     * @throws NativeProbeException if a step is refused, with errno
     */
    Pointer load(byte[] code) throws NativeProbeException;

    /** Unmaps the page. */
    @Override
    void close();
}
