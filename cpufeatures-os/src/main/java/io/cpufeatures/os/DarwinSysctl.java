package io.cpufeatures.os;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.IntSupplier;

/**
 * macOS's {@code sysctlbyname(3)} for integer keys, through JNA: how a process on macOS learns what the CPU can run
 * (MRS of the ID registers is not allowed to user space there). A key the kernel does not have (older macOS, another
 * chip) is absent, not an error ({@code ENOENT}); any other failure is.
 */
public final class DarwinSysctl {

    /** {@code ENOENT} on Darwin: no such key. */
    private static final int ENOENT = 2;

    private final Function sysctlbyname;
    private final IntSupplier lastError;

    /**
     * The process's {@code sysctlbyname}.
     *
     * @throws UnsatisfiedLinkError if the process has none (not macOS)
     */
    public DarwinSysctl() {
        this(ProcessSymbols.function("sysctlbyname"), Native::getLastError);
    }

    /**
     * The function given (tests make it fail as the kernel would).
     *
     * @param sysctlbyname the function; not null
     * @param lastError    errno after a call; not null
     */
    public DarwinSysctl(Function sysctlbyname, IntSupplier lastError) {
        this.sysctlbyname = Objects.requireNonNull(sysctlbyname, "sysctlbyname");
        this.lastError = Objects.requireNonNull(lastError, "lastError");
    }

    /**
     * One integer key.
     *
     * @param name the key, e.g. {@code hw.optional.arm.FEAT_AES}
     * @return its value (a 4-byte value sign-extended, as {@code sysctl} prints it), or empty if the kernel has no such key
     * @throws NativeProbeException if the call fails otherwise, or the value is not 4 or 8 bytes
     */
    public OptionalLong read(String name) throws NativeProbeException {
        try (Memory value = new Memory(8); Memory size = new Memory(8)) {
            value.clear();
            size.setLong(0, 8);
            int rc = sysctlbyname.invokeInt(new Object[] {name, value, size, Pointer.NULL, 0L});
            if (rc != 0) {
                int errno = lastError.getAsInt();
                if (errno == ENOENT) {
                    return OptionalLong.empty();
                }
                throw new NativeProbeException("sysctlbyname(" + name + ") failed: errno " + errno);
            }
            long bytes = size.getLong(0);
            if (bytes == 4) {
                return OptionalLong.of(value.getInt(0));
            }
            if (bytes == 8) {
                return OptionalLong.of(value.getLong(0));
            }
            throw new NativeProbeException("sysctlbyname(" + name + ") gave " + bytes + " bytes; an integer key gives 4 or 8");
        }
    }
}
