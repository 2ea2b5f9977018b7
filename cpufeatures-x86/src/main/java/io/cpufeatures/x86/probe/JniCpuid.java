package io.cpufeatures.x86.probe;

import io.cpufeatures.os.JvmArch;
import io.cpufeatures.os.NativeCache;
import io.cpufeatures.os.NativeLibraries;
import io.cpufeatures.os.NativeLoadException;
import io.cpufeatures.os.NativeManifest;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.x86.CpuidRegisters;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * CPUID and XGETBV through the project's own probe library ({@code src/main/c/cpufeatures_probe.c}, built and
 * committed by {@code scripts/native-builds.sh}), bound with JNI: the first answer's way to the CPU, which needs
 * no JNA. The library is placed by the per-user {@link NativeCache} (its directory must be the user's and closed
 * to others, and on a file system that allows executable mappings: a {@code noexec} mount is refused before the
 * library is written there, and recognised from the load's failure where it was written before), compared byte for
 * byte with the jar's copy after it is placed or found, and then {@link System#load loaded} from the cache's entry;
 * no {@code java.security} is involved, as the bytes'
 * reference is the jar itself, named by the SHA-256 its manifest gives. The manifest and the placing are the os
 * module's ({@link NativeManifest}, {@link NativeLibraries}), as for dispatch's native variants; the load is here, so
 * that native access is this module's to be granted.
 *
 * <p>Loaded once per class loader; {@link #open()} answers the same instance, or the same reason, every time.
 * Stateless and safe to share: each call answers for the CPU the calling thread runs on.
 */
public final class JniCpuid implements CpuidInstruction {

    /** The manifest of the committed builds, relative to this class's package directory's root. */
    static final String MANIFEST = "/io/cpufeatures/x86/probe/native/probe.variants";

    private static final Object LOCK = new Object();
    private static JniCpuid loaded;
    private static String refusal;

    private final String description;

    private JniCpuid(String description) {
        this.description = description;
    }

    /**
     * The probe library, loaded on first use.
     *
     * @return the loaded library
     * @throws NativeProbeException why it cannot be used in this process (no build for this platform, the cache
     *                           refused, the load failed), the same reason on every call
     */
    public static JniCpuid open() throws NativeProbeException {
        synchronized (LOCK) {
            if (loaded != null) {
                return loaded;
            }
            if (refusal == null) {
                try {
                    loaded = load();
                    return loaded;
                } catch (NativeProbeException e) {
                    refusal = e.getMessage();
                }
            }
            throw new NativeProbeException(refusal);
        }
    }

    private static JniCpuid load() throws NativeProbeException {
        String platform = platform();
        NativeManifest.Entry entry;
        try {
            // from this class's own jar, as the library below: no jar: URL's connection on a cold JVM
            byte[] manifest = NativeLibraries.ownResource(JniCpuid.class, MANIFEST, NativeManifest.MAX_BYTES);
            entry = NativeManifest.read(MANIFEST, manifest == null ? null : new ByteArrayInputStream(manifest))
                    .entry(platform, "jni");
        } catch (IOException | IllegalArgumentException e) {
            throw new NativeProbeException("the probe library's manifest cannot be read: " + e.getMessage());
        }
        NativeCache.Prepared placed;
        try {
            // no hash on this path: the bytes and the manifest are this jar's own, and the cache compares the
            // placed file with the bytes
            placed = NativeLibraries.place(entry, MANIFEST, JniCpuid.class, "/io/cpufeatures/x86/probe/native/"
                    + entry.path(), false, null);
        } catch (NativeLoadException e) {
            throw new NativeProbeException(e.getMessage());
        }
        try (NativeCache.Prepared p = placed) {
            System.load(p.path().toString());
            // a first call binds the natives: an unsatisfied link is a refusal of this library, not a crash later
            int[] out = new int[4];
            read(0, 0, out);
            return new JniCpuid("CPUID/XGETBV through the probe library " + entry.path() + " (JNI), from " + p.path()
                    .getParent().getParent());
        } catch (LinkageError | RuntimeException e) {
            // one handler for UnsatisfiedLinkError, SecurityException and IllegalCallerException, told apart below:
            // a type named in a handler is a class a cold JVM loads to verify this one, failure or not
            throw refusal(entry, placed, e);
        }
    }

    /**
     * Why loading the placed library failed, in one line; an unexpected error or exception is thrown as it is. Told
     * apart with {@code instanceof}, which loads a class only when it runs.
     */
    private static NativeProbeException refusal(NativeManifest.Entry entry, NativeCache.Prepared placed, Throwable e) {
        if (e instanceof IllegalCallerException) {
            // JDK 24+ with --illegal-native-access=deny, or a later JDK's default
            return new NativeProbeException("this JVM denies native access to io.cpufeatures.x86 (" + e.getMessage()
                    + "): start it with --enable-native-access=ALL-UNNAMED on the class path, or"
                    + " --enable-native-access=io.cpufeatures.x86 on the module path");
        }
        if (e instanceof UnsatisfiedLinkError) {
            // a cached library the loader cannot map: its directory mounted noexec since it was written is the
            // cache's cause, said as a cache found there says it, and kept for JNA's library and every other
            NativeLoadException cause = NativeLibraries.unmappable(placed, e);
            if (cause != null) {
                return new NativeProbeException(cause.getMessage());
            }
        } else if (!(e instanceof SecurityException)) {
            if (e instanceof RuntimeException) {
                throw (RuntimeException) e;
            }
            throw (Error) e;
        }
        return new NativeProbeException("the probe library " + entry.path() + " could not be loaded: " + e.getMessage());
    }

    /** {@code linux-x86_64} or {@code windows-x86_64}, the platforms with a committed build. */
    private static String platform() throws NativeProbeException {
        if (!"x86_64".equals(JvmArch.current())) {
            // the process's own architecture, not os.arch alone: a command line may set that to anything
            throw new NativeProbeException("the probe library is built for x86-64; " + (JvmArch.mismatch() != null
                    ? JvmArch.mismatch() : "this process is " + JvmArch.current()));
        }
        OperatingSystem os = OperatingSystem.current();
        if (os == OperatingSystem.LINUX) {
            return "linux-x86_64";
        }
        if (os == OperatingSystem.WINDOWS) {
            return "windows-x86_64";
        }
        throw new NativeProbeException("no build of the probe library for " + os + " on x86-64 (built: linux-x86_64,"
                + " windows-x86_64)");
    }

    private static native void read(int leaf, int subleaf, int[] out);

    private static native long xcr0();

    @Override
    public CpuidRegisters cpuid(int leaf, int subleaf) {
        int[] out = new int[4];
        read(leaf, subleaf, out);
        return new CpuidRegisters(out[0], out[1], out[2], out[3]);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The library itself executes XGETBV only when CPUID.1:ECX.OSXSAVE is set, and answers 0 otherwise.
     */
    @Override
    public long xgetbv0() {
        return xcr0();
    }

    @Override
    public String toString() {
        return description;
    }
}
