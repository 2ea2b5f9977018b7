package io.cpufeatures.x86.probe;

import io.cpufeatures.os.WindowsExecutableMemory;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import io.cpufeatures.os.JvmArch;
import io.cpufeatures.os.OperatingSystem;
import com.sun.jna.Pointer;
import io.cpufeatures.os.ExecutableMemory;
import io.cpufeatures.os.Jna;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.PosixExecutableMemory;
import io.cpufeatures.x86.CpuidRegisters;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * CPUID and XGETBV executed on this CPU: the stubs of {@link MachineCode} loaded into W^X memory
 * and called through JNA. Open it, read what is needed, close it: closing unmaps the code.
 *
 * <p>Safe to share and to misuse: calls are serialised on the instance (the stub writes its answer
 * into one buffer the instance owns, so two threads at once would read each other's leaf), and a
 * call after {@link #close()} throws {@link IllegalStateException} instead of jumping into unmapped
 * memory. CPUID answers for the CPU the calling thread runs on.
 *
 * <p>For tools and benchmarks that need raw CPUID; applications use
 * {@code CpuFeatures.current()}, which probes once per process.
 */
public final class NativeCpuid implements CpuidInstruction, AutoCloseable {

    private static final int PAGE = 4096;

    private final ExecutableMemory memory;
    private final Function cpuid;
    private final Function xgetbv;
    private final Memory out = new Memory(16);
    private final String description;
    /** Set by {@link #close()}; read and written under the instance's lock. */
    private boolean closed;

    private NativeCpuid(ExecutableMemory memory, Pointer code, boolean windows) {
        this.memory = memory;
        this.cpuid = Function.getFunction(code);
        this.xgetbv = Function.getFunction(code.share(MachineCode.XGETBV_OFFSET));
        this.description = "CPUID/XGETBV stubs (" + (windows ? "Windows x64" : "System V x86-64")
                + " ABI) in a W^X page, called through JNA " + com.sun.jna.Native.VERSION;
    }

    /**
     * Loads JNA and the stubs.
     *
     * @param memoryFactory makes the executable page for a size (tests substitute a refusing one)
     * @throws NativeProbeException if this is not x86-64, JNA cannot load or the memory is refused
     */
    static NativeCpuid open(LongFunction<ExecutableMemory> memoryFactory) throws NativeProbeException {
        ExecutableMemory memory;
        boolean windows;
        try {
            if (!JvmArch.current().equals("x86_64")) {
                // the process's own architecture, not os.arch alone: a command line may set that to anything
                throw new NativeProbeException("the native probe needs an x86-64 process; " + (JvmArch.mismatch() != null
                        ? JvmArch.mismatch() : "this one is " + JvmArch.current()));
            }
            windows = OperatingSystem.current() == OperatingSystem.WINDOWS;
            Jna.require();
            memory = memoryFactory.apply(PAGE);
        } catch (LinkageError | RuntimeException e) {
            throw new NativeProbeException("JNA could not load: " + Jna.describe(e), e);
        }
        try {
            Pointer code = memory.load(MachineCode.page(windows, PAGE));
            return new NativeCpuid(memory, code, windows);
        } catch (NativeProbeException e) {
            memory.close();
            throw e;
        } catch (LinkageError | RuntimeException e) {
            memory.close();
            throw new NativeProbeException("loading the CPUID stub failed: " + Jna.describe(e), e);
        }
    }

    /**
     * Loads JNA and the stubs into a page mapped for this OS.
     *
     * @return an open instance; close it to unmap the code
     * @throws NativeProbeException if this is not x86-64, JNA cannot load or the memory is refused
     */
    public static NativeCpuid open() throws NativeProbeException {
        return open(new DefaultMemory());
    }

    /** {@link #defaultMemory}, as a class: the first answer spins no lambda. */
    private static final class DefaultMemory implements LongFunction<ExecutableMemory> {
        @Override
        public ExecutableMemory apply(long size) {
            return defaultMemory(size);
        }
    }

    /** The default page factory for this OS. */
    static ExecutableMemory defaultMemory(long size) {
        OperatingSystem os = OperatingSystem.current();
        if (os == OperatingSystem.WINDOWS) {
            return new WindowsExecutableMemory(size);
        }
        boolean bsdFlags = os == OperatingSystem.MACOS || os == OperatingSystem.FREEBSD
                || OperatingSystem.osName().toLowerCase(java.util.Locale.ROOT).contains("bsd");
        return new PosixExecutableMemory(bsdFlags, size, Optional.empty());
    }

    /** {@return what runs: the ABI of the stubs and the JNA version} */
    public String description() {
        return description;
    }

    /**
     * Executes CPUID with EAX = {@code leaf}, ECX = {@code subleaf}.
     *
     * @throws IllegalStateException if the instance is closed
     */
    @Override
    public synchronized CpuidRegisters cpuid(int leaf, int subleaf) {
        requireOpen();
        cpuid.invoke(Void.class, new Object[] {leaf, subleaf, out});
        return new CpuidRegisters(out.getInt(0), out.getInt(4), out.getInt(8), out.getInt(12));
    }

    /**
     * Executes XGETBV with ECX = 0. Only where CPUID.1:ECX.OSXSAVE is set: elsewhere the instruction
     * faults (#UD), and this method does not check.
     *
     * @throws IllegalStateException if the instance is closed
     */
    @Override
    public synchronized long xgetbv0() {
        requireOpen();
        return xgetbv.invokeLong(new Object[0]);
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("NativeCpuid is closed: its code is unmapped");
        }
    }

    /** Unmaps the code; later calls throw. Closing again does nothing. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            memory.close();
            out.close();
        }
    }
}
