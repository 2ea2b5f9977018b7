package io.cpufeatures.core.jfr;

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
 * The process-wide CPU report, as the library answers for it: recorded when it is made, and again at the start of
 * every chunk (as {@code jdk.CPUInformation} is) and at its end ({@link ProbeRecording} says why), so a recording
 * started later still says what the CPU was. Field names are what {@code jfr print} shows and
 * {@code cpufeatures jfr} reads; labels and descriptions are what JDK Mission Control shows.
 */
@Name(ProbeEvent.NAME)
@Label("CPU Probe")
@Category("io.cpufeatures")
@Description("The CPU as cpufeatures answers for it in this process: where the answer came from, what the CPU is and"
        + " which features a program may use")
@Period("everyChunk")
@StackTrace(false)
public final class ProbeEvent extends Event {

    /** The event's name in recordings. */
    static final String NAME = "io.cpufeatures.Probe";

    @Label("Architecture")
    @Description("The CPU's architecture (x86_64, aarch64, ppc64le), or os.arch where no module answers for it")
    public String architecture;

    @Label("Source")
    @Description("Where the answer came from: native, proc-cpuinfo, file, jvm or none")
    public String source;

    @Label("Source Detail")
    @Description("What exactly: the probe's code and how it was called, the file's name, or why nothing is known")
    public String sourceDetail;

    @Label("Failed Sources")
    @Description("The better sources tried first, each with why it failed, joined with '; '; empty when the first"
            + " worked")
    public String failures;

    @Label("CPU")
    @Description("The one-line summary of the CPU: vendor or implementer, model, microarchitecture, level")
    public String cpu;

    @Label("Microarchitecture")
    @Description("The microarchitecture, where the CPU's identity names one")
    public String microarchitecture;

    @Label("Level")
    @Description("The x86-64 psABI level every usable feature reaches (x86-64-v1 to v4), where the architecture has"
            + " levels")
    public String level;

    @Label("Hypervisor")
    @Description("The hypervisor the CPU reports running under, where it reports one")
    public String hypervisor;

    @Label("Identity")
    @Description("Every fact of the CPU's identity, as key=value pairs joined with ', '")
    public String identity;

    @Label("Core Types")
    @Description("Where the cores are of several types, the types every answer holds for; empty where they are of one")
    public String coreScope;

    @Label("Usable Features")
    @Description("The features a program may use, by canonical name, in table order, joined with spaces")
    public String usable;

    @Label("Policy Flags")
    @Description("The policy flags that apply (prefer_ymm), joined with spaces; empty when none does")
    public String policyFlags;

    @Label("Probe Duration")
    @Description("How long the probe took")
    @Timespan(Timespan.NANOSECONDS)
    public long probeDuration;

    @Label("Probed At")
    @Description("When the report was made; the event's own time is the chunk's start or end when it is emitted again")
    @Timestamp(Timestamp.MILLISECONDS_SINCE_EPOCH)
    public long probedAt;
}
