package io.cpufeatures.core.trace;

import io.cpufeatures.core.Reason;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A {@code jvm.*} gate on the running JVM (or the JVM view a report was given): the VM, the HotSpot
 * flags read, the Vector API module, and the verdict.
 *
 * @param name              the gate's name
 * @param vm                the VM's name
 * @param flags             the HotSpot flags read, by name; empty off HotSpot
 * @param vectorApiReadable whether {@code jdk.incubator.vector} is readable
 * @param preferredBits     the preferred species' size, when the Vector API is readable
 * @param reason            why the gate does not hold, when it does not
 */
public record JvmTrace(String name, String vm, Map<String, String> flags, boolean vectorApiReadable,
        OptionalInt preferredBits, Optional<Reason> reason) implements Trace {

    /**
     * Validates and copies the parts.
     *
     * @param name              the gate's name, e.g. {@code jvm.vector256}; not null
     * @param vm                the VM's name; not null
     * @param flags             the HotSpot flags read, by name; not null
     * @param vectorApiReadable whether {@code jdk.incubator.vector} is readable
     * @param preferredBits     the preferred species' size; not null (empty when unknown)
     * @param reason            why the gate does not hold; not null (empty when it holds)
     */
    public JvmTrace {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(vm, "vm");
        flags = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(flags));
        Objects.requireNonNull(preferredBits, "preferredBits");
        Objects.requireNonNull(reason, "reason");
    }

    @Override
    public boolean holds() {
        return reason.isEmpty();
    }
}
