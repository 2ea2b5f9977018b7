package io.cpufeatures.core.internal;

import io.cpufeatures.os.Jna;
import io.cpufeatures.os.NativeRefusals;

/**
 * The one WARN line of a process that lacks JNA where a detail needs it. JNA is an optional dependency
 * ({@code requires static com.sun.jna}): the first answer on Linux needs none of it, but arm64's ID registers and SVE
 * length, a hybrid x86 part's core types and the AMX permission are read through it. Where it is absent, the detail is
 * left out, the answer falls back to what the kernel said, and the first module to meet the absence says so in one
 * line naming the dependency to add ({@link Jna#ARTIFACT}); every later one is quiet ({@link NativeRefusals}: the
 * cause is the process's, as the CPU probe's WARN line or a dispatch point's native variants may have said it too).
 *
 * <p>Internal: the library's modules use it.
 */
public final class MissingJna {

    private MissingJna() {
    }

    /**
     * Says, once per process, that {@code what} was not read for want of JNA and what answers instead; nothing where
     * JNA is present (a failure of JNA itself is the caller's to report) or the absence was said already.
     *
     * @param log     the caller's log
     * @param what    what was not read, e.g. {@code "arm64's ID registers"}
     * @param instead what answers in its place
     * @return whether this call logged the line
     */
    public static boolean warnOnce(Log log, String what, String instead) {
        return Jna.absent() && warnOnce(log, what, instead, Jna.refusal());
    }

    /**
     * Says {@code why} as {@link #warnOnce(Log, String, String)} does, once per process for that cause.
     *
     * @param why the refusal ({@link Jna#refusal()}); nothing is said for null
     * @return whether this call logged the line
     */
    static boolean warnOnce(Log log, String what, String instead, String why) {
        if (why == null || !NativeRefusals.sayNow(why)) {
            return false;
        }
        log.warn("cpufeatures: {} not read: {}; {} (said once per process)", what, why, instead);
        return true;
    }
}
