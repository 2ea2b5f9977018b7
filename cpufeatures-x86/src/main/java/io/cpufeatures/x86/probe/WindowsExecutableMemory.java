package io.cpufeatures.x86.probe;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/** Executable memory through {@code VirtualAlloc}, {@code VirtualProtect} and {@code VirtualFree}. */
final class WindowsExecutableMemory implements ExecutableMemory {

    private static final int MEM_COMMIT_RESERVE = 0x3000;
    private static final int MEM_RELEASE = 0x8000;
    private static final int PAGE_READWRITE = 0x04;
    private static final int PAGE_EXECUTE_READ = 0x20;

    /** The kernel32 calls used, bound by JNA. */
    public interface Kernel32 extends Library {
        /** VirtualAlloc. */
        Pointer VirtualAlloc(Pointer address, long size, int allocationType, int protect);

        /** VirtualProtect. */
        boolean VirtualProtect(Pointer address, long size, int newProtect, IntByReference oldProtect);

        /** VirtualFree. */
        boolean VirtualFree(Pointer address, long size, int freeType);

        /** FlushInstructionCache. */
        boolean FlushInstructionCache(Pointer process, Pointer address, long size);

        /** GetCurrentProcess. */
        Pointer GetCurrentProcess();
    }

    private final Kernel32 kernel32;
    private final long size;
    private Pointer page;

    WindowsExecutableMemory(long size) {
        this.kernel32 = Native.load("kernel32", Kernel32.class);
        this.size = size;
    }

    @Override
    public Pointer load(byte[] code) throws NativeProbeException {
        Pointer p = kernel32.VirtualAlloc(null, size, MEM_COMMIT_RESERVE, PAGE_READWRITE);
        if (p == null) {
            throw new NativeProbeException("VirtualAlloc of a read+write page failed, error " + Native.getLastError());
        }
        page = p;
        p.write(0, code, 0, code.length);
        if (!kernel32.VirtualProtect(p, size, PAGE_EXECUTE_READ, new IntByReference())) {
            int error = Native.getLastError();
            close();
            throw new NativeProbeException("VirtualProtect to execute+read refused, error " + error
                    + " (arbitrary code guard or another policy forbids executable memory)");
        }
        kernel32.FlushInstructionCache(kernel32.GetCurrentProcess(), p, size);
        return p;
    }

    @Override
    public void close() {
        if (page != null) {
            kernel32.VirtualFree(page, 0, MEM_RELEASE);
            page = null;
        }
    }
}
