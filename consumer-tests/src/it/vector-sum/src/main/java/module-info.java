/** A consumer module: requires cpufeatures-dispatch, provides its dispatch point. */
module com.example.sum {
    requires io.cpufeatures.dispatch;
    // The Vector API implementations compile against the incubator module; at run time it is there
    // only with --add-modules jdk.incubator.vector, and without it the scalar one is chosen.
    requires static jdk.incubator.vector;

    provides io.cpufeatures.dispatch.DispatchPointProvider with com.example.sum.Sums;
}
