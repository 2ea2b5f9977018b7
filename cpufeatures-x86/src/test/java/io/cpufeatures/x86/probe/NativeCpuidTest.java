package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Pointer;
import io.cpufeatures.os.ExecutableMemory;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.CpuidRegisters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The real stubs on this machine (x86-64 Linux): they agree with the kernel and respect W^X. */
class NativeCpuidTest {

    private static boolean x86Linux() {
        String arch = System.getProperty("os.arch");
        return (arch.equals("amd64") || arch.equals("x86_64")) && Files.isReadable(Path.of("/proc/cpuinfo"));
    }

    private static Map<String, String> procCpu0() throws Exception {
        Map<String, String> m = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
            if (line.isBlank()) {
                break;
            }
            int c = line.indexOf(':');
            if (c > 0) {
                m.putIfAbsent(line.substring(0, c).trim(), line.substring(c + 1).trim());
            }
        }
        return m;
    }

    @Test
    void cpuidAgreesWithTheKernelOnVendorFamilyModelAndStepping() throws Exception {
        assumeTrue(x86Linux(), "needs x86-64 Linux");
        Map<String, String> proc = procCpu0();
        try (NativeCpuid cpu = NativeCpuid.open()) {
            CpuidRegisters l0 = cpu.cpuid(0, 0);
            assertEquals(proc.get("vendor_id"), CpuIdentity.vendorOf(l0));
            int signature = cpu.cpuid(1, 0).eax();
            assertEquals(Integer.parseInt(proc.get("cpu family")), CpuIdentity.displayFamily(signature));
            assertEquals(Integer.parseInt(proc.get("model")), CpuIdentity.displayModel(signature));
            assertEquals(Integer.parseInt(proc.get("stepping")), signature & 0xf);
            assertTrue(cpu.description().contains("System V"), cpu.description());
            if (cpu.cpuid(1, 0).bit(io.cpufeatures.x86.Register.ECX, 27)) {
                long xcr0 = cpu.xgetbv0();
                assertEquals(0x3, xcr0 & 0x3, "x87 and SSE are always enabled with XSAVE: " + Long.toHexString(xcr0));
                assertEquals(0, xcr0 >>> 32 >>> 20, "no XCR0 bit above 51 exists: " + Long.toHexString(xcr0));
            }
        }
    }

    @Test
    void theCodePageIsNeverWritableAndExecutableAndIsUnmappedOnClose() throws Exception {
        assumeTrue(x86Linux(), "needs x86-64 Linux");
        long[] address = new long[1];
        ExecutableMemory recording = new ExecutableMemory() {
            private final ExecutableMemory real = NativeCpuid.defaultMemory(4096);

            @Override
            public Pointer load(byte[] code) throws NativeProbeException {
                Pointer p = real.load(code);
                address[0] = Pointer.nativeValue(p);
                return p;
            }

            @Override
            public void close() {
                real.close();
            }
        };
        try (NativeCpuid cpu = NativeCpuid.open(size -> recording)) {
            cpu.cpuid(0, 0);
            String perms = permissions(address[0]);
            assertEquals("r-xp", perms, "the stub page must be read+execute only");
        }
        assertEquals("", permissions(address[0]), "the page is unmapped after close");
    }

    /** The permissions of the mapping holding {@code address} in /proc/self/maps, or "" if none. */
    private static String permissions(long address) throws Exception {
        List<String> maps = Files.readAllLines(Path.of("/proc/self/maps"));
        for (String line : maps) {
            String[] parts = line.split("\\s+");
            String[] range = parts[0].split("-");
            long lo = Long.parseUnsignedLong(range[0], 16);
            long hi = Long.parseUnsignedLong(range[1], 16);
            if (Long.compareUnsigned(address, lo) >= 0 && Long.compareUnsigned(address, hi) < 0) {
                return parts[1];
            }
        }
        return "";
    }

    @Test
    void theStubsAreSmallAndEndInRet() {
        for (byte[] stub : List.of(MachineCode.CPUID_SYSV, MachineCode.CPUID_WIN64, MachineCode.XGETBV0)) {
            assertEquals((byte) 0xC3, stub[stub.length - 1]);
            assertTrue(stub.length < MachineCode.XGETBV_OFFSET);
        }
        byte[] page = MachineCode.page(false, 4096);
        assertEquals((byte) 0xCC, page[MachineCode.CPUID_SYSV.length], "padding traps");
        assertFalse(page[MachineCode.XGETBV_OFFSET] == (byte) 0xCC);
    }

    @Test
    void aClosedInstanceRefusesInsteadOfJumpingIntoUnmappedMemory() throws Exception {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64"), "x86-64 only");
        NativeCpuid cpu = NativeCpuid.open();
        cpu.cpuid(0, 0);
        cpu.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> cpu.cpuid(0, 0));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertThrows(IllegalStateException.class, cpu::xgetbv0);
        cpu.close();
    }

    @Test
    void oneInstanceSharedByEightThreadsGivesEachThreadItsOwnLeaf() throws Exception {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64"), "x86-64 only");
        try (NativeCpuid cpu = NativeCpuid.open()) {
            int[] leaves = {0, 1, 7, 0xD, 0x8000_0000, 0x8000_0001, 0x8000_0002, 0x8000_0008};
            CpuidRegisters[] expected = new CpuidRegisters[leaves.length];
            for (int i = 0; i < leaves.length; i++) {
                expected[i] = cpu.cpuid(leaves[i], 0);
            }
            java.util.concurrent.atomic.AtomicInteger wrong = new java.util.concurrent.atomic.AtomicInteger();
            java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(leaves.length);
            Thread[] threads = new Thread[leaves.length];
            for (int t = 0; t < threads.length; t++) {
                int i = t;
                threads[t] = new Thread(() -> {
                    try {
                        start.await();
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                    for (int k = 0; k < 5_000; k++) {
                        // leaf 1's EBX[31:24] is the APIC ID of the CPU the thread is on: compare the rest
                        CpuidRegisters r = cpu.cpuid(leaves[i], 0);
                        CpuidRegisters want = expected[i];
                        boolean same = leaves[i] == 1 ? r.eax() == want.eax() && r.ecx() == want.ecx()
                                && r.edx() == want.edx() : r.equals(want);
                        if (!same) {
                            wrong.incrementAndGet();
                        }
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(0, wrong.get(), "answers of another thread's leaf");
        }
    }
}
