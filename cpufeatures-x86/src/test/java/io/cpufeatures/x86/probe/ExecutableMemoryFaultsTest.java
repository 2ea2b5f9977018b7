package io.cpufeatures.x86.probe;

import io.cpufeatures.os.WindowsExecutableMemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import io.cpufeatures.os.ExecutableMemory;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.PosixExecutableMemory;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.mockito.InOrder;

/**
 * The executable page's own code when the OS refuses it, which no machine here does: the JNA
 * functions are mocks that fail as mmap, mprotect (SELinux deny_execmem, PaX MPROTECT, seccomp),
 * VirtualAlloc and VirtualProtect (arbitrary code guard) fail. Each refusal is a
 * NativeProbeException naming the call and the error, the page is released, and the order is W^X:
 * mapped writable, written, then made read+execute, never both.
 */
class ExecutableMemoryFaultsTest {

    private static final int PROT_READ = 0x1;
    private static final int PROT_WRITE = 0x2;
    private static final int PROT_EXEC = 0x4;
    private static final long PAGE = 4096;

    /** A Linux page whose mmap succeeds and whose mprotect to read+execute fails with {@code errno}. */
    static ExecutableMemory refusingMprotect(int errno) {
        Function mmap = mock(Function.class);
        Function mprotect = mock(Function.class);
        when(mmap.invokePointer(any())).thenReturn(mock(Pointer.class));
        when(mprotect.invokeInt(any())).thenReturn(-1);
        return new PosixExecutableMemory(mmap, mprotect, mock(Function.class), () -> errno, false, PAGE, Optional.empty());
    }

    @Test
    void aRefusedMprotectNamesTheErrorUnmapsThePageAndWasAskedForReadExecuteOnly() {
        Function mmap = mock(Function.class);
        Function mprotect = mock(Function.class);
        Function munmap = mock(Function.class);
        Pointer page = mock(Pointer.class);
        when(mmap.invokePointer(any())).thenReturn(page);
        when(mprotect.invokeInt(any())).thenReturn(-1);
        PosixExecutableMemory memory = new PosixExecutableMemory(mmap, mprotect, munmap, () -> 13, false, PAGE, Optional.empty());
        byte[] code = MachineCode.page(false, (int) PAGE);

        NativeProbeException e = assertThrows(NativeProbeException.class, () -> memory.load(code));

        assertEquals("mprotect to read+execute refused, errno 13 (EACCES: SELinux deny_execmem, PaX or a seccomp"
                + " policy forbids executable memory)", e.getMessage());
        InOrder order = inOrder(mmap, page, mprotect, munmap);
        ArgumentCaptor<Object[]> mapped = ArgumentCaptor.forClass(Object[].class);
        order.verify(mmap).invokePointer(mapped.capture());
        order.verify(page).write(0, code, 0, code.length);
        ArgumentCaptor<Object[]> protect = ArgumentCaptor.forClass(Object[].class);
        order.verify(mprotect).invokeInt(protect.capture());
        order.verify(munmap).invokeInt(new Object[] {page, PAGE});
        assertEquals(PROT_READ | PROT_WRITE, mapped.getValue()[2], "mapped writable, not executable");
        assertSame(page, protect.getValue()[0]);
        assertEquals(PROT_READ | PROT_EXEC, protect.getValue()[2], "made executable, no longer writable");

        memory.close();
        verify(munmap).invokeInt(any()); // once: closing again does not unmap a page twice
    }

    @Test
    void anotherMprotectErrorIsNamedWithoutTheSelinuxHint() {
        NativeProbeException e = assertThrows(NativeProbeException.class,
                () -> refusingMprotect(12).load(new byte[] {(byte) 0xC3}));
        assertEquals("mprotect to read+execute refused, errno 12", e.getMessage());
    }

    @Test
    void aFailedMmapIsReportedWithErrnoAndNothingIsWrittenOrUnmapped() {
        Function mmap = mock(Function.class);
        Function mprotect = mock(Function.class);
        Function munmap = mock(Function.class);
        when(mmap.invokePointer(any())).thenReturn(new Pointer(-1L)); // MAP_FAILED
        PosixExecutableMemory memory = new PosixExecutableMemory(mmap, mprotect, munmap, () -> 12, false, PAGE, Optional.empty());

        NativeProbeException e = assertThrows(NativeProbeException.class, () -> memory.load(new byte[] {(byte) 0xC3}));

        assertEquals("mmap of a read+write page failed, errno 12", e.getMessage());
        verify(mprotect, never()).invokeInt(any());
        memory.close();
        verify(munmap, never()).invokeInt(any());
    }

    @Test
    void macosMapsAnonymousMemoryWithItsOwnFlag() throws Exception {
        Function mmap = mock(Function.class);
        Function mprotect = mock(Function.class);
        when(mmap.invokePointer(any())).thenReturn(mock(Pointer.class));
        when(mprotect.invokeInt(any())).thenReturn(0);
        new PosixExecutableMemory(mmap, mprotect, mock(Function.class), () -> 0, true, PAGE, Optional.empty()).load(new byte[1]);
        ArgumentCaptor<Object[]> mapped = ArgumentCaptor.forClass(Object[].class);
        verify(mmap).invokePointer(mapped.capture());
        assertEquals(0x02 | 0x1000, mapped.getValue()[3], "MAP_PRIVATE | MAP_ANON (macOS)");
    }

    @Test
    void aRefusedVirtualProtectNamesTheErrorAndFreesThePage() {
        Function alloc = mock(Function.class);
        Function protect = mock(Function.class);
        Function free = mock(Function.class);
        Function flush = mock(Function.class);
        Pointer page = mock(Pointer.class);
        when(alloc.invokePointer(any())).thenReturn(page);
        when(protect.invokeInt(any())).thenReturn(0); // FALSE
        WindowsExecutableMemory memory = new WindowsExecutableMemory(alloc, protect, free, flush,
                mock(Function.class), () -> 5, PAGE);

        NativeProbeException e = assertThrows(NativeProbeException.class, () -> memory.load(new byte[] {(byte) 0xC3}));

        assertTrue(e.getMessage().startsWith("VirtualProtect to execute+read refused, error 5 "), e.getMessage());
        ArgumentCaptor<Object[]> allocated = ArgumentCaptor.forClass(Object[].class);
        verify(alloc).invokePointer(allocated.capture());
        assertEquals(0x04, allocated.getValue()[3], "PAGE_READWRITE, not executable");
        ArgumentCaptor<Object[]> protectedAs = ArgumentCaptor.forClass(Object[].class);
        verify(protect).invokeInt(protectedAs.capture());
        assertEquals(0x20, protectedAs.getValue()[2], "PAGE_EXECUTE_READ, no longer writable");
        verify(free).invokeInt(new Object[] {page, 0L, 0x8000});
        verify(flush, never()).invokeInt(any());
    }

    @Test
    void aFailedVirtualAllocIsReportedWithTheError() {
        Function alloc = mock(Function.class);
        Function free = mock(Function.class);
        WindowsExecutableMemory memory = new WindowsExecutableMemory(alloc, mock(Function.class), free,
                mock(Function.class), mock(Function.class), () -> 8, PAGE);

        NativeProbeException e = assertThrows(NativeProbeException.class, () -> memory.load(new byte[] {(byte) 0xC3}));

        assertEquals("VirtualAlloc of a read+write page failed, error 8", e.getMessage());
        memory.close();
        verify(free, never()).invokeInt(any());
    }

    @Test
    void aRefusedPageMakesOpeningTheProbeFailAndReleasesIt() {
        Function munmap = mock(Function.class);
        Function mmap = mock(Function.class);
        Function mprotect = mock(Function.class);
        when(mmap.invokePointer(any())).thenReturn(mock(Pointer.class));
        when(mprotect.invokeInt(any())).thenReturn(-1);
        NativeProbeException e = assertThrows(NativeProbeException.class, () -> NativeCpuid.open(
                size -> new PosixExecutableMemory(mmap, mprotect, munmap, () -> 1, false, size, Optional.empty())));
        assertTrue(e.getMessage().startsWith("mprotect to read+execute refused, errno 1"), e.getMessage());
        verify(munmap).invokeInt(any());
    }
}
