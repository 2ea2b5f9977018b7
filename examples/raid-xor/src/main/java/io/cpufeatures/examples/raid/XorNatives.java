package io.cpufeatures.examples.raid;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import io.cpufeatures.dispatch.NativeVariant;
import io.cpufeatures.dispatch.NativeVariants;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The JNA direct-mapping bindings of the native xor's variants. Direct mapping binds a class's {@code native}
 * methods to one library, once, so each variant has a class of its own; a variant is bound the first time it is
 * loaded and reused after (by both points that may choose it).
 */
final class XorNatives {

    /** The library's three functions, as {@code src/main/c/xor.c} declares them. */
    interface Calls {
        void cpf_xor_arrays(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int n, int len, int into);

        void cpf_xor_addresses(long d, long a, long b, long c, long e, int n, long len, int into);

        String cpf_xor_variant();
    }

    private static final Map<String, Supplier<Calls>> BINDINGS = Map.of(
            "linux-x86_64/x86-64-v4", X86V4::new,
            "linux-x86_64/x86-64-v3", X86V3::new,
            "linux-x86_64/x86-64-v2", X86V2::new,
            "linux-x86_64/baseline", X86Baseline::new,
            "linux-aarch64/sve", Arm64Sve::new,
            "linux-aarch64/baseline", Arm64Baseline::new);

    /** The variants bound so far; guarded by the class's lock ({@link #load} is synchronized). */
    private static final Map<String, NativeXor> BOUND = new HashMap<>();

    private XorNatives() {
    }

    /**
     * The kernel bound to {@code library}, the file of {@code variant}.
     *
     * @throws IllegalArgumentException for a variant this example has no binding class for
     * @throws UnsatisfiedLinkError     if the library cannot be loaded or lacks a function
     */
    static synchronized NativeXor load(NativeVariant variant, Path library) {
        String key = variant.platform() + "/" + variant.name();
        NativeXor bound = BOUND.get(key);
        if (bound != null) {
            return bound;
        }
        Supplier<Calls> binding = BINDINGS.get(key);
        if (binding == null) {
            throw new IllegalArgumentException("no binding class for the variant " + key + "; bound: "
                    + String.join(", ", new TreeSet<>(BINDINGS.keySet())));
        }
        NativeVariants.requireJna();
        Calls calls = binding.get();
        Native.register(calls.getClass(), NativeLibrary.getInstance(library.toString()));
        String says = calls.cpf_xor_variant();
        if (!says.equals(key)) {
            throw new IllegalStateException(library + " says it is " + says + ", not " + key);
        }
        NativeXor kernel = new NativeXor(calls);
        BOUND.put(key, kernel);
        return kernel;
    }

    // One class per variant; the bodies are JNA's.

    static final class X86V4 implements Calls {
        @Override
        public native void cpf_xor_arrays(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int n,
                int len, int into);

        @Override
        public native void cpf_xor_addresses(long d, long a, long b, long c, long e, int n, long len, int into);

        @Override
        public native String cpf_xor_variant();
    }

    static final class X86V3 implements Calls {
        @Override
        public native void cpf_xor_arrays(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int n,
                int len, int into);

        @Override
        public native void cpf_xor_addresses(long d, long a, long b, long c, long e, int n, long len, int into);

        @Override
        public native String cpf_xor_variant();
    }

    static final class X86V2 implements Calls {
        @Override
        public native void cpf_xor_arrays(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int n,
                int len, int into);

        @Override
        public native void cpf_xor_addresses(long d, long a, long b, long c, long e, int n, long len, int into);

        @Override
        public native String cpf_xor_variant();
    }

    static final class X86Baseline implements Calls {
        @Override
        public native void cpf_xor_arrays(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int n,
                int len, int into);

        @Override
        public native void cpf_xor_addresses(long d, long a, long b, long c, long e, int n, long len, int into);

        @Override
        public native String cpf_xor_variant();
    }

    static final class Arm64Sve implements Calls {
        @Override
        public native void cpf_xor_arrays(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int n,
                int len, int into);

        @Override
        public native void cpf_xor_addresses(long d, long a, long b, long c, long e, int n, long len, int into);

        @Override
        public native String cpf_xor_variant();
    }

    static final class Arm64Baseline implements Calls {
        @Override
        public native void cpf_xor_arrays(byte[] d, int dOff, byte[] a, byte[] b, byte[] c, byte[] e, int sOff, int n,
                int len, int into);

        @Override
        public native void cpf_xor_addresses(long d, long a, long b, long c, long e, int n, long len, int into);

        @Override
        public native String cpf_xor_variant();
    }
}
