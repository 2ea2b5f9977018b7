package io.cpufeatures.core;

import java.util.Objects;

/**
 * A bad override ({@code cpufeatures.disable}, {@code cpufeatures.cpuid.file},
 * {@code cpufeatures.assume.xcr0} and the other {@code cpufeatures.assume.*}, {@code cpufeatures.probe}): the message names the property, the value
 * and what is accepted. {@link CpuFeatures#current()} throws it on every call, so a misconfigured
 * process fails loudly instead of silently running with the machine's real features.
 */
public final class CpuFeaturesConfigurationException extends IllegalStateException {

    /**
     * Creates the exception with its message.
     *
     * @param message the property, the value and what is accepted, e.g. {@code cpufeatures.disable: ...}; not null
     */
    public CpuFeaturesConfigurationException(String message) {
        super(Objects.requireNonNull(message, "message"));
    }

    /**
     * Creates the exception with its message and cause.
     *
     * @param message the property, the value and what is accepted; not null
     * @param cause   the failure reading or parsing the value (an I/O error, a malformed dump...); not null
     */
    public CpuFeaturesConfigurationException(String message, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), Objects.requireNonNull(cause, "cause"));
    }
}
