package io.cpufeatures.dispatch.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Timestamp;

/**
 * One candidate of a dispatch point's choice ({@link ChoiceEvent}, the same point and {@code chosenAt}), as
 * {@code explain()} lists it: a line of the explanation, so that the explanation can be read back from a recording.
 */
@Name(CandidateEvent.NAME)
@Label("Dispatch Candidate")
@Category({"io.cpufeatures", "Dispatch"})
@Description("One candidate of a dispatch point's choice: its status (selected, eligible, rejected) and why")
@Period("everyChunk")
@StackTrace(false)
final class CandidateEvent extends Event {

    /** The event's name in recordings. */
    static final String NAME = "io.cpufeatures.Candidate";

    @Label("Point")
    @Description("The dispatch point's name")
    String point;

    @Label("Candidate")
    @Description("The candidate's name")
    String candidate;

    @Label("Rank")
    @Description("Its place in the explanation, highest priority first, from 0")
    int rank;

    @Label("Status")
    @Description("selected, eligible (could run here) or rejected (cannot)")
    String status;

    @Label("Priority")
    @Description("Its priority: the highest eligible one is chosen unless calibration or an override decides")
    int priority;

    @Label("Requirements")
    @Description("What it needs, as the explanation states it (jvm.vector256; not prefer_ymm)")
    String requirements;

    @Label("Description")
    @Description("What it uses")
    String description;

    @Label("Calibration (MB/s)")
    @Description("Its calibration figure; NaN when it was not measured")
    double speed;

    @Label("Reasons")
    @Description("Why it has its status, one reason per line")
    String reasons;

    @Label("Chosen At")
    @Description("When its point's choice was made: the choice's Chosen At")
    @Timestamp(Timestamp.MILLISECONDS_SINCE_EPOCH)
    long chosenAt;
}
