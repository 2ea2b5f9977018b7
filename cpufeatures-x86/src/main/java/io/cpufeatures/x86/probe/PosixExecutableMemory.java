package io.cpufeatures.x86.probe;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.util.function.IntSupplier;

/**
 * Executable memory through {@code mmap}, {@code mprotect} and {@code munmap} (Linux, macOS),
 * called as plain JNA functions of the process (no interface proxy, no library search: both cost
 * milliseconds on the start-up path).
 * {@code mprotect} to PROT_EXEC is what SELinux {@code deny_execmem}, PaX MPROTECT or a seccomp
 * policy refuse; the refusal surfaces as a {@link NativeProbeException} with errno.
 */
final class PosixExecutableMemory implements ExecutableMemory {

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
    private Pointer page;

    PosixExecutableMemory(boolean macos, long size) {
        // The process's own symbols: libc is already loaded, and looking it up by name would make
        // JNA search the library path (on Linux by running ldconfig -p, a process per JVM start).
        this(NativeLibrary.getProcess(), macos, size);
    }

    private PosixExecutableMemory(NativeLibrary libc, boolean macos, long size) {
        this(libc.getFunction("mmap"), libc.getFunction("mprotect"), libc.getFunction("munmap"),
                Native::getLastError, macos, size);
    }

    /** The calls given (tests make them fail as kernels and policies do). */
    PosixExecutableMemory(Function mmap, Function mprotect, Function munmap, IntSupplier lastError, boolean macos,
            long size) {
        this.mmap = mmap;
        this.mprotect = mprotect;
        this.munmap = munmap;
        this.lastError = lastError;
        this.mapAnonymous = macos ? 0x1000 : 0x20;
        this.size = size;
    }

    @Override
    public Pointer load(byte[] code) throws NativeProbeException {
        Pointer p = mmap.invokePointer(new Object[] {null, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | mapAnonymous, -1, 0L});
        if (p == null || Pointer.nativeValue(p) == MAP_FAILED) {
            throw new NativeProbeException("mmap of a read+write page failed, errno " + lastError.getAsInt());
        }
        page = p;
        p.write(0, code, 0, code.length);
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
