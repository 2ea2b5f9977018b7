package io.cpufeatures.os;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import java.util.function.IntSupplier;

/**
 * Executable memory through {@code VirtualAlloc}, {@code VirtualProtect} and {@code VirtualFree},
 * called as plain JNA functions.
 */
public final class WindowsExecutableMemory implements ExecutableMemory {

    private static final int MEM_COMMIT_RESERVE = 0x3000;
    private static final int MEM_RELEASE = 0x8000;
    private static final int PAGE_READWRITE = 0x04;
    private static final int PAGE_EXECUTE_READ = 0x20;

    private final Function virtualAlloc;
    private final Function virtualProtect;
    private final Function virtualFree;
    private final Function flushInstructionCache;
    private final Function getCurrentProcess;
    private final IntSupplier lastError;
    private final long size;
    private Pointer page;

    /**
     * Memory of {@code kernel32} (Windows only: the library is looked up here).
     *
     * @param size the page's size in bytes, at least the longest code it will hold
     */
    public WindowsExecutableMemory(long size) {
        this(ProcessSymbols.library("kernel32"), size);
    }

    private WindowsExecutableMemory(NativeLibrary kernel32, long size) {
        this(kernel32.getFunction("VirtualAlloc"), kernel32.getFunction("VirtualProtect"),
                kernel32.getFunction("VirtualFree"), kernel32.getFunction("FlushInstructionCache"),
                kernel32.getFunction("GetCurrentProcess"), Native::getLastError, size);
    }

    /**
     * The calls given (tests make them fail as Windows policies do).
     *
     * @param virtualAlloc {@code VirtualAlloc}
     * @param virtualProtect {@code VirtualProtect}
     * @param virtualFree {@code VirtualFree}
     * @param flushInstructionCache {@code FlushInstructionCache}
     * @param getCurrentProcess {@code GetCurrentProcess}
     * @param lastError the calling thread's last error ({@code GetLastError})
     * @param size the page's size in bytes, at least the longest code it will hold
     */
    public WindowsExecutableMemory(Function virtualAlloc, Function virtualProtect, Function virtualFree,
            Function flushInstructionCache, Function getCurrentProcess, IntSupplier lastError, long size) {
        this.virtualAlloc = virtualAlloc;
        this.virtualProtect = virtualProtect;
        this.virtualFree = virtualFree;
        this.flushInstructionCache = flushInstructionCache;
        this.getCurrentProcess = getCurrentProcess;
        this.lastError = lastError;
        this.size = size;
    }

    @Override
    public Pointer load(byte[] code) throws NativeProbeException {
        Pointer p = virtualAlloc.invokePointer(new Object[] {null, size, MEM_COMMIT_RESERVE, PAGE_READWRITE});
        if (p == null) {
            throw new NativeProbeException("VirtualAlloc of a read+write page failed, error " + lastError.getAsInt());
        }
        page = p;
        p.write(0, code, 0, code.length);
        if (virtualProtect.invokeInt(new Object[] {p, size, PAGE_EXECUTE_READ, new IntByReference()}) == 0) {
            int error = lastError.getAsInt();
            close();
            throw new NativeProbeException("VirtualProtect to execute+read refused, error " + error
                    + " (arbitrary code guard or another policy forbids executable memory)");
        }
        flushInstructionCache.invokeInt(new Object[] {getCurrentProcess.invokePointer(new Object[0]), p, size});
        return p;
    }

    @Override
    public void close() {
        if (page != null) {
            virtualFree.invokeInt(new Object[] {page, 0L, MEM_RELEASE});
            page = null;
        }
    }
}
