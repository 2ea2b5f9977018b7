package io.cpufeatures.os;

import com.sun.jna.Function;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Windows' own word on what a process may run: kernel32's {@code IsProcessorFeaturePresent(PF_...)} through JNA.
 * Windows answers from what it detected at boot and the register state it saves (it answers
 * {@code PF_AVX512F_INSTRUCTIONS_AVAILABLE} only where it enabled the AVX-512 state), so it is the OS's word, as
 * HWCAP is Linux's. One limit shapes every use of it: a Windows that does not know a constant (one newer than
 * itself) answers 0, so a 0 is "not confirmed", never "absent" (Microsoft's page for the function: "If the
 * feature is not supported, the return value is zero").
 */
public final class WindowsProcessorFeatures {

    private final Function isProcessorFeaturePresent;

    /**
     * kernel32's function.
     *
     * @throws UnsatisfiedLinkError if the process has no kernel32 (not Windows)
     */
    public WindowsProcessorFeatures() {
        this(ProcessSymbols.library("kernel32").getFunction("IsProcessorFeaturePresent"));
    }

    /**
     * The function given (tests answer as a Windows machine would).
     *
     * @param isProcessorFeaturePresent the function; not null
     */
    public WindowsProcessorFeatures(Function isProcessorFeaturePresent) {
        this.isProcessorFeaturePresent = Objects.requireNonNull(isProcessorFeaturePresent, "isProcessorFeaturePresent");
    }

    /**
     * Asks about each constant.
     *
     * @param constants the {@code PF_} numbers to ask about; not null
     * @return each number with Windows' answer (true where it returned non-zero), in number order
     * @throws NativeProbeException if a call fails in JNA (the function could not be called)
     */
    public SortedMap<Integer, Boolean> ask(Iterable<Integer> constants) throws NativeProbeException {
        Objects.requireNonNull(constants, "constants");
        SortedMap<Integer, Boolean> answers = new TreeMap<>();
        for (int pf : constants) {
            try {
                answers.put(pf, isProcessorFeaturePresent.invokeInt(new Object[] {pf}) != 0);
            } catch (RuntimeException | LinkageError e) {
                throw new NativeProbeException("IsProcessorFeaturePresent(" + pf + ") could not be called: " + e, e);
            }
        }
        return answers;
    }
}
