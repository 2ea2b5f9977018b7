package io.cpufeatures.dispatch.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;
import jdk.jfr.Timestamp;

/**
 * A bundled native library's variant, verified, unpacked and loaded: recorded when it is loaded, and again at the
 * start and the end of every chunk (as the probe's event, {@code io.cpufeatures.core.jfr.ProbeRecording}, says why).
 */
@Name(NativeLoadEvent.NAME)
@Label("Native Variant Load")
@Category({"io.cpufeatures", "Dispatch"})
@Description("A native library variant chosen by a dispatch point, verified and loaded")
@Period("everyChunk")
@StackTrace(false)
final class NativeLoadEvent extends Event {

    /** The event's name in recordings. */
    static final String NAME = "io.cpufeatures.NativeLoad";

    @Label("Platform")
    @Description("The platform it was built for, OS-ARCH: linux-x86_64")
    String platform;

    @Label("Variant")
    @Description("The variant's name on its platform: x86-64-v3, baseline")
    String variant;

    @Label("File")
    @Description("The file handed to the loader, a link to the native cache's entry in a directory of this process")
    String file;

    @Label("SHA-256")
    @Description("The file's SHA-256, as the manifest gives it and its bytes hashed to")
    String sha256;

    @Label("Verified")
    @Description("What was checked before it was loaded: SHA-256 (its bytes against the manifest), ISA note (an"
            + " x86-64 ELF file's ISA note against its declared needs)")
    String verified;

    @Label("Cache")
    @Description("written (this process wrote the cache's file) or reused (the cache held those bytes already)")
    String cache;

    @Label("Load Duration")
    @Description("How long reading, verifying, unpacking and loading took")
    @Timespan(Timespan.NANOSECONDS)
    long loadDuration;

    @Label("Loaded At")
    @Description("When it was loaded; the event's own time is the chunk's start or end when it is emitted again")
    @Timestamp(Timestamp.MILLISECONDS_SINCE_EPOCH)
    long loadedAt;
}
