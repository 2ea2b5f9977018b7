package io.cpufeatures.x86.probe;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * Executable memory through {@code mmap}, {@code mprotect} and {@code munmap} (Linux, macOS).
 * {@code mprotect} to PROT_EXEC is what SELinux {@code deny_execmem}, PaX MPROTECT or a seccomp
 * policy refuse; the refusal surfaces as a {@link NativeProbeException} with errno.
 */
final class PosixExecutableMemory implements ExecutableMemory {

    private static final int PROT_READ = 0x1;
    private static final int PROT_WRITE = 0x2;
    private static final int PROT_EXEC = 0x4;
    private static final int MAP_PRIVATE = 0x02;
    private static final long MAP_FAILED = -1L;

    /** The libc calls used, bound by JNA. */
    public interface LibC extends Library {
        /** mmap(2). */
        Pointer mmap(Pointer addr, long length, int prot, int flags, int fd, long offset);

        /** mprotect(2). */
        int mprotect(Pointer addr, long length, int prot);

        /** munmap(2). */
        int munmap(Pointer addr, long length);
    }

    private final LibC libc;
    private final int mapAnonymous;
    private final long size;
    private Pointer page;

    PosixExecutableMemory(boolean macos, long size) {
        this.libc = Native.load("c", LibC.class);
        this.mapAnonymous = macos ? 0x1000 : 0x20;
        this.size = size;
    }

    @Override
    public Pointer load(byte[] code) throws NativeProbeException {
        Pointer p = libc.mmap(null, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | mapAnonymous, -1, 0);
        if (p == null || Pointer.nativeValue(p) == MAP_FAILED) {
            throw new NativeProbeException("mmap of a read+write page failed, errno " + Native.getLastError());
        }
        page = p;
        p.write(0, code, 0, code.length);
        if (libc.mprotect(p, size, PROT_READ | PROT_EXEC) != 0) {
            int errno = Native.getLastError();
            close();
            throw new NativeProbeException("mprotect to read+execute refused, errno " + errno
                    + (errno == 13 ? " (EACCES: SELinux deny_execmem, PaX or a seccomp policy forbids executable memory)" : ""));
        }
        return p;
    }

    @Override
    public void close() {
        if (page != null) {
            libc.munmap(page, size);
            page = null;
        }
    }
}
