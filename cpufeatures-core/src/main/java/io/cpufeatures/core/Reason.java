package io.cpufeatures.core;

import java.util.Objects;

/**
 * One reason a present feature is not usable: its kind and a sentence a person can act on.
 *
 * @param kind   the layer that refused the feature
 * @param detail what exactly is missing, for example {@code "XCR0=0x7 lacks OPMASK|ZMM_Hi256|Hi16_ZMM"}
 */
public record Reason(ReasonKind kind, String detail) {

    /**
     * Validates that both parts are present.
     *
     * @param kind   the layer that refused the feature; not null
     * @param detail what exactly is missing, one sentence a person can act on; not null
     */
    public Reason {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }

    @Override
    public String toString() {
        return kind.id() + ": " + detail;
    }
}
