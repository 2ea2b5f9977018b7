package io.cpufeatures.os;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Functions already loaded in this process (the C library's {@code mmap}, {@code getauxval}, {@code syscall},
 * {@code prctl}...), as JNA {@link Function}s, found without JNA's library search, and the system's libraries: the
 * library's one way to JNA's lookups, each of which first has {@link Jna} make JNA's own library the verified one
 * (and refuses, with its reason as an {@link UnsatisfiedLinkError}, where JNA is not used).
 *
 * <p>Why: the first use of JNA's {@code NativeLibrary} class, even for {@code getProcess()}, builds JNA's library
 * search path, and on Linux that runs {@code /sbin/ldconfig -p} as a child process (unless the system property
 * {@code jna.platform.library.path} is set): about 20 ms of a JVM's first answer here, for a path these symbols
 * never need. So a symbol is looked up as {@code dlsym(dlopen(NULL), name)} through JNA's own {@code Native.open}
 * and {@code Native.findSymbol}, which are not public API: they are reached reflectively (JNA on the class path,
 * or as the automatic module it is, opens its packages). Where that is refused or missing (another JNA build),
 * the lookup goes through {@code NativeLibrary.getProcess()} as before: the same function, found more slowly.
 */
public final class ProcessSymbols {

    private ProcessSymbols() {
    }

    /** JNA's handle of the process ({@code dlopen(NULL)}) and its {@code dlsym}, if reachable without a library search. */
    private record Direct(long handle, Method findSymbol) {
    }

    /** Null until the first lookup; then whether the direct way is open. */
    private static volatile Optional<Direct> direct;

    private static Optional<Direct> directWay() {
        Optional<Direct> d = direct;
        if (d == null) {
            synchronized (ProcessSymbols.class) {
                d = direct;
                if (d == null) {
                    d = openProcess();
                    direct = d;
                }
            }
        }
        return d;
    }

    /**
     * JNA's handle of the process, if its internals can be reached.
     *
     * @throws LinkageError if JNA itself cannot initialise (no native library for this platform, native access
     *                      denied): the caller reports it, and nothing is cached, as JNA's public path would fail alike
     */
    private static Optional<Direct> openProcess() {
        Class<?> nativeClass;
        try {
            nativeClass = Class.forName("com.sun.jna.Native", true, ProcessSymbols.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
        try {
            Method open = nativeClass.getDeclaredMethod("open", String.class, int.class);
            Method findSymbol = nativeClass.getDeclaredMethod("findSymbol", long.class, String.class);
            open.setAccessible(true);
            findSymbol.setAccessible(true);
            // -1: JNA's default dlopen flags (RTLD_LAZY | RTLD_GLOBAL); a null name is the process itself.
            long handle = (Long) open.invoke(null, null, -1);
            return handle == 0 ? Optional.empty() : Optional.of(new Direct(handle, findSymbol));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The process's function {@code name}.
     *
     * @param name the symbol, e.g. {@code mmap}
     * @return the function, called with the C calling convention
     * @throws UnsatisfiedLinkError if the process has no such symbol
     * @throws LinkageError          if JNA cannot load (as its own classes throw it)
     */
    public static Function function(String name) {
        requireJna();
        Optional<Direct> way = directWay();
        if (way.isPresent()) {
            try {
                long address = (Long) way.get().findSymbol().invoke(null, way.get().handle(), name);
                return Function.getFunction(new Pointer(address));
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof UnsatisfiedLinkError missing) {
                    throw missing;
                }
                // Any other failure of JNA's internals: the public path below.
            } catch (ReflectiveOperationException | RuntimeException e) {
                // The same.
            }
        }
        return NativeLibrary.getProcess().getFunction(name);
    }

    /**
     * The library {@code name} of the system ({@code kernel32}, {@code libgcc_s.so.1}), through JNA's library search.
     *
     * @param name the library's name or path
     * @return the library
     * @throws UnsatisfiedLinkError if it cannot be loaded, or JNA is not used in this process ({@link Jna})
     * @throws LinkageError         if JNA cannot load
     */
    public static NativeLibrary library(String name) {
        requireJna();
        return NativeLibrary.getInstance(name);
    }

    /** Every lookup starts here: no JNA class is initialised while JNA is refused ({@link Jna}). */
    private static void requireJna() {
        String why = Jna.refusal();
        if (why != null) {
            throw new UnsatisfiedLinkError(why);
        }
    }

    /**
     * {@return whether symbols are found without JNA's library search (false: through {@code NativeLibrary})}
     *
     * @throws LinkageError if JNA cannot load
     */
    public static boolean withoutLibrarySearch() {
        requireJna();
        return directWay().isPresent();
    }
}
