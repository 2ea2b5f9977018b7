package io.cpufeatures.os;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.WString;
import io.cpufeatures.os.NativeProbeException;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The REG_QWORD values Windows publishes under {@code HKLM\HARDWARE\DESCRIPTION\System\CentralProcessor\N}, read with
 * {@code RegGetValueW} (advapi32) through JNA. A value or key that does not exist ({@code ERROR_FILE_NOT_FOUND}) is
 * absent; any other error is a failure.
 */
public final class WindowsRegistry {

    /** {@code HKEY_LOCAL_MACHINE}: {@code (HKEY)(ULONG_PTR)(LONG)0x80000002}, sign-extended on 64-bit Windows. */
    private static final long HKEY_LOCAL_MACHINE = 0xFFFF_FFFF_8000_0002L;
    /** {@code RRF_RT_REG_QWORD}: accept only a 64-bit value. */
    private static final int RRF_RT_REG_QWORD = 0x40;
    private static final int ERROR_FILE_NOT_FOUND = 2;

    private final Function regGetValue;

    /** advapi32's {@code RegGetValueW}. */
    public WindowsRegistry() {
        this(ProcessSymbols.library("advapi32").getFunction("RegGetValueW"));
    }

    /**
     * The function given (tests make it fail as Windows would).
     *
     * @param regGetValue {@code RegGetValueW}; not null
     */
    public WindowsRegistry(Function regGetValue) {
        this.regGetValue = Objects.requireNonNull(regGetValue, "regGetValue");
    }

    /**
     * One processor's value.
     *
     * @param processor the subkey's number, 0 for the first processor
     * @param name      the value's name, e.g. {@code CP 4000}
     * @return the value; empty if the key or the value does not exist
     * @throws NativeProbeException for any other error
     */
    public OptionalLong qword(int processor, String name) throws NativeProbeException {
        try (Memory value = new Memory(8); Memory size = new Memory(4)) {
            value.clear();
            size.setInt(0, 8);
            int rc = regGetValue.invokeInt(new Object[] {new Pointer(HKEY_LOCAL_MACHINE),
                new WString("HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\" + processor), new WString(name),
                RRF_RT_REG_QWORD, Pointer.NULL, value, size});
            if (rc == ERROR_FILE_NOT_FOUND) {
                return OptionalLong.empty();
            }
            if (rc != 0) {
                throw new NativeProbeException("RegGetValueW(CentralProcessor\\" + processor + ", " + name + ") failed: error "
                        + rc);
            }
            return OptionalLong.of(value.getLong(0));
        }
    }
}
