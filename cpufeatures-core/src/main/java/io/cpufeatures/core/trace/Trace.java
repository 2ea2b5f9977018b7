package io.cpufeatures.core.trace;

/**
 * How the verdict on one name was reached, layer by layer, as the decoder reached it. Every output
 * (the text report, JSON, {@code explain}, a dispatch explanation) renders a trace; none applies a
 * rule of its own.
 */
public sealed interface Trace permits FeatureTrace, PolicyTrace, GroupTrace, JvmTrace {

    /** {@return the canonical name traced} */
    String name();

    /** {@return whether the name holds: a usable feature, a policy flag that applies, a group or gate that holds} */
    boolean holds();
}
