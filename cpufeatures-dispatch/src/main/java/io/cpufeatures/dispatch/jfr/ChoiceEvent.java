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
 * A dispatch point's process-wide choice: recorded when it is made, and again at the start and the end of every
 * chunk (as the probe's event, {@code io.cpufeatures.core.jfr.ProbeRecording}, says why), so a recording started
 * later still says which implementation each hot routine runs and why. Its candidates, each with
 * its status and reasons, are {@link CandidateEvent}s of the same point and time.
 */
@Name(ChoiceEvent.NAME)
@Label("Dispatch Choice")
@Category({"io.cpufeatures", "Dispatch"})
@Description("Which implementation a dispatch point chose in this process, how, and what it passed over")
@Period("everyChunk")
@StackTrace(false)
final class ChoiceEvent extends Event {

    /** The event's name in recordings. */
    static final String NAME = "io.cpufeatures.Choice";

    @Label("Point")
    @Description("The dispatch point's name, e.g. raid.xor")
    String point;

    @Label("Chosen")
    @Description("The candidate chosen; empty when the selection failed")
    String chosen;

    @Label("How")
    @Description("How it was chosen: priority, calibration, best-when-eligible (calibration asked, not needed),"
            + " override, unsafe-override (despite its requirements), or failed")
    String how;

    @Label("Calibration")
    @Description("Each candidate measured in calibration with its figure (MB/s), fastest first; empty when nothing"
            + " was measured")
    String calibration;

    @Label("Passed Over")
    @Description("Every other candidate with its status and reasons: 'name (status: reason; reason)', joined with"
            + " ', '")
    String passedOver;

    @Label("Error")
    @Description("Why the selection failed, in one line; empty when it did not")
    String error;

    @Label("Chosen For")
    @Description("The CPU the choice was made for: the report's source")
    String cpuSource;

    @Label("Core Types")
    @Description("Where the cores are of several types, the types the choice holds for; empty where they are of one")
    String coreScope;

    @Label("Candidates")
    @Description("How many candidates the point has; each is an io.cpufeatures.Candidate event of this point and"
            + " time")
    int candidates;

    @Label("Selection Duration")
    @Description("How long the selection took: requirements, making and self-testing, calibration")
    @Timespan(Timespan.NANOSECONDS)
    long selectionDuration;

    @Label("Chosen At")
    @Description("When the choice was made; the event's own time is the chunk's start or end when it is emitted again")
    @Timestamp(Timestamp.MILLISECONDS_SINCE_EPOCH)
    long chosenAt;
}
