package io.cpufeatures.aarch64.probe;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * A page of memory that holds machine code, never writable and executable at once (W^X): mapped
 * read+write with {@code mmap}, the code copied in, the caches synchronised, then switched to
 * read+execute with {@code mprotect}; {@link #close()} unmaps it. Linux only (the only OS where the
 * probe runs code).
 *
 * <p>On AArch64 the instruction cache is not coherent with data writes (Arm ARM, "Concurrent
 * modification and execution of instructions"): code written as data must be cleaned from the data
 * cache to the point of unification, the instruction cache invalidated for it, and both completed
 * (DC CVAU, DSB ISH, IC IVAU, DSB ISH, ISB) before it runs. Linux does this on its own only for pages
 * of files ({@code __sync_icache_dcache()} in {@code arch/arm64/mm/flush.c} returns at once for a page
 * with no mapping, which an anonymous page is), so the writer must. libgcc's {@code __clear_cache}
 * does exactly that sequence ({@code __aarch64_sync_cache_range}, {@code libgcc/config/aarch64/
 * sync-cache.c}, honouring CTR_EL0's line sizes); it is exported by {@code libgcc_s.so.1}, which
 * HotSpot's {@code libjvm.so} links, so it is among the process's symbols. The final ISB of the
 * calling thread's context is also provided by the return from the {@code mprotect} system call, an
 * exception return. Without {@code __clear_cache} the page is refused, never run unsynchronised.
 */
final class ExecutableMemory implements AutoCloseable {

    private static final int PROT_READ = 0x1;
    private static final int PROT_WRITE = 0x2;
    private static final int PROT_EXEC = 0x4;
    private static final int MAP_PRIVATE = 0x02;
    private static final int MAP_ANONYMOUS = 0x20;
    private static final long MAP_FAILED = -1L;
    private static final int EACCES = 13;

    private final Function mmap;
    private final Function mprotect;
    private final Function munmap;
    private final long size;
    private Pointer page;

    /** The functions of the process's C library; nothing is mapped yet. */
    ExecutableMemory(long size) {
        NativeLibrary libc = NativeLibrary.getProcess();
        this.mmap = libc.getFunction("mmap");
        this.mprotect = libc.getFunction("mprotect");
        this.munmap = libc.getFunction("munmap");
        this.size = size;
    }

    /** The process's {@code __clear_cache}, or the one of {@code libgcc_s.so.1}. */
    static Function clearCache() throws NativeProbeException {
        try {
            return NativeLibrary.getProcess().getFunction("__clear_cache");
        } catch (UnsatisfiedLinkError notInProcess) {
            try {
                return NativeLibrary.getInstance("libgcc_s.so.1").getFunction("__clear_cache");
            } catch (UnsatisfiedLinkError e) {
                throw new NativeProbeException("no __clear_cache (libgcc_s.so.1) to synchronise the instruction cache"
                        + " with the code written; the code is not run", e);
            }
        }
    }

    /**
     * Maps a read+write page, copies {@code code} into it, synchronises the caches with
     * {@code clearCache} and makes it read+execute.
     *
     * @throws NativeProbeException if a step is refused, with errno
     */
    Pointer load(byte[] code, Function clearCache) throws NativeProbeException {
        if (code.length > size) {
            throw new IllegalArgumentException(code.length + " bytes of code for a page of " + size);
        }
        Pointer p = mmap.invokePointer(new Object[] {null, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L});
        if (p == null || Pointer.nativeValue(p) == MAP_FAILED) {
            throw new NativeProbeException("mmap of a read+write page failed, errno " + Native.getLastError());
        }
        page = p;
        p.write(0, code, 0, code.length);
        clearCache.invokeVoid(new Object[] {p, p.share(size)});
        if (mprotect.invokeInt(new Object[] {p, size, PROT_READ | PROT_EXEC}) != 0) {
            int errno = Native.getLastError();
            close();
            throw new NativeProbeException("mprotect to read+execute refused, errno " + errno
                    + (errno == EACCES ? " (EACCES: SELinux deny_execmem, PaX or a seccomp policy forbids executable memory)" : ""));
        }
        return p;
    }

    /** Unmaps the page. */
    @Override
    public void close() {
        if (page != null) {
            munmap.invokeInt(new Object[] {page, size});
            page = null;
        }
    }
}
