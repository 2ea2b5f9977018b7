package io.cpufeatures.os;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * Executable memory through {@code mmap}, {@code mprotect} and {@code munmap} (Linux, macOS), called as
 * plain JNA functions of the process (no interface proxy, no library search: both cost milliseconds on
 * the start-up path). {@code mprotect} to PROT_EXEC is what SELinux {@code deny_execmem}, PaX MPROTECT or
 * a seccomp policy refuse; the refusal surfaces as a {@link NativeProbeException} with errno.
 *
 * <p>Where the instruction cache is not coherent with data writes (AArch64: Arm ARM, "Concurrent
 * modification and execution of instructions"), the code written must be synchronised before it runs:
 * give the cache-maintenance function ({@link #clearCache()}), which is called on the written range
 * between the copy and the switch to read+execute.
 */
public final class PosixExecutableMemory implements ExecutableMemory {

    private static final int PROT_READ = 0x1;
    private static final int PROT_WRITE = 0x2;
    private static final int PROT_EXEC = 0x4;
    private static final int MAP_PRIVATE = 0x02;
    private static final long MAP_FAILED = -1L;
    private static final int EACCES = 13;

    private final Function mmap;
    private final Function mprotect;
    private final Function munmap;
    private final IntSupplier lastError;
    private final int mapAnonymous;
    private final long size;
    private final Optional<Function> clearCache;
    private Pointer page;

    /**
     * A page of the process's C library, not yet mapped.
     *
     * @param bsdFlags   whether the OS is macOS or a BSD, whose MAP_ANON is 0x1000 (Linux's MAP_ANONYMOUS is 0x20)
     * @param size       the page's size in bytes
     * @param clearCache the function synchronising the instruction cache with the code written, where the
     *                   architecture needs one; not null
     */
    public PosixExecutableMemory(boolean bsdFlags, long size, Optional<Function> clearCache) {
        // The process's own symbols: libc is already loaded, and looking it up by name would make
        // JNA search the library path (on Linux by running ldconfig -p, a process per JVM start).
        this(ProcessSymbols.function("mmap"), ProcessSymbols.function("mprotect"), ProcessSymbols.function("munmap"),
                new LastError(), bsdFlags, size, clearCache);
    }

    /**
     * The calls given (tests make them fail as kernels and policies do).
     *
     * @param mmap       {@code mmap}; not null
     * @param mprotect   {@code mprotect}; not null
     * @param munmap     {@code munmap}; not null
     * @param lastError  errno after a call; not null
     * @param bsdFlags   whether the OS is macOS or a BSD (MAP_ANON 0x1000, not Linux's 0x20)
     * @param size       the page's size in bytes
     * @param clearCache the instruction-cache synchronisation, if the architecture needs one; not null
     */
    public PosixExecutableMemory(Function mmap, Function mprotect, Function munmap, IntSupplier lastError, boolean bsdFlags,
            long size, Optional<Function> clearCache) {
        this.mmap = mmap;
        this.mprotect = mprotect;
        this.munmap = munmap;
        this.lastError = lastError;
        // MAP_ANON: 0x1000 in macOS's and FreeBSD's sys/mman.h (and the other BSDs'); Linux's MAP_ANONYMOUS is 0x20
        // (include/uapi/asm-generic/mman-common.h). MAP_PRIVATE and the PROT_ bits are the same everywhere.
        this.mapAnonymous = bsdFlags ? 0x1000 : 0x20;
        this.size = size;
        this.clearCache = clearCache;
    }

    /**
     * The process's {@code __clear_cache} (libgcc's {@code __aarch64_sync_cache_range} on AArch64: clean the
     * data cache to the point of unification, invalidate the instruction cache, with the barriers), or the one
     * of {@code libgcc_s.so.1}, which HotSpot's {@code libjvm.so} links.
     *
     * @return the function
     * @throws NativeProbeException if neither has it: the code is then never run unsynchronised
     */
    public static Function clearCache() throws NativeProbeException {
        try {
            return ProcessSymbols.function("__clear_cache");
        } catch (UnsatisfiedLinkError notInProcess) {
            try {
                return ProcessSymbols.library("libgcc_s.so.1").getFunction("__clear_cache");
            } catch (UnsatisfiedLinkError e) {
                throw new NativeProbeException("no __clear_cache (libgcc_s.so.1) to synchronise the instruction cache"
                        + " with the code written; the code is not run", e);
            }
        }
    }

    /** JNA's errno of the calling thread. A class, not a method reference: the first answer spins no lambda. */
    private static final class LastError implements IntSupplier {
        @Override
        public int getAsInt() {
            return Native.getLastError();
        }
    }

    @Override
    public Pointer load(byte[] code) throws NativeProbeException {
        if (code.length > size) {
            throw new IllegalArgumentException(code.length + " bytes of code for a page of " + size);
        }
        Pointer p = mmap.invokePointer(new Object[] {null, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | mapAnonymous, -1, 0L});
        if (p == null || Pointer.nativeValue(p) == MAP_FAILED) {
            throw new NativeProbeException("mmap of a read+write page failed, errno " + lastError.getAsInt());
        }
        page = p;
        p.write(0, code, 0, code.length);
        if (clearCache.isPresent()) {
            clearCache.get().invokeVoid(new Object[] {p, p.share(size)});
        }
        if (mprotect.invokeInt(new Object[] {p, size, PROT_READ | PROT_EXEC}) != 0) {
            int errno = lastError.getAsInt();
            close();
            throw new NativeProbeException("mprotect to read+execute refused, errno " + errno
                    + (errno == EACCES ? " (EACCES: SELinux deny_execmem, PaX or a seccomp policy forbids executable memory)" : ""));
        }
        return p;
    }

    @Override
    public void close() {
        if (page != null) {
            munmap.invokeInt(new Object[] {page, size});
            page = null;
        }
    }
}
