package io.cpufeatures.dispatch;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One candidate's line in an explanation.
 *
 * @param name         the candidate
 * @param description  what it uses
 * @param priority     its rank
 * @param requirements its requirements, kernel-style ({@code avx512f, jvm.vector512; not prefer_ymm}, an any-of in
 *                     parentheses: {@code jvm.vector512, (avx512bw or sve)})
 * @param status       selected, eligible or rejected
 * @param reasons      why: each unmet requirement with the decoding layer's reason, "overridden by ...",
 *                     "self-test failed: ...", "slower in calibration: ...", "lower priority than ..."; on a
 *                     candidate that is not rejected, then, which alternatives of each any-of held
 *                     ("avx512bw or sve: avx512bw holds")
 * @param speed        its calibration figure, if it was measured (MB/s, or rounds/s without a size)
 */
public record CandidateReport(String name, String description, int priority, String requirements,
        CandidateStatus status, List<String> reasons, OptionalDouble speed) {

    /**
     * Validates and copies the parts.
     *
     * @param name         the candidate; not null
     * @param description  what it uses; not null
     * @param priority     its rank
     * @param requirements its requirements, kernel-style; not null
     * @param status       selected, eligible or rejected; not null
     * @param reasons      why, one line each; not null
     * @param speed        its calibration figure; not null (empty when it was not measured)
     */
    public CandidateReport {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(requirements, "requirements");
        Objects.requireNonNull(status, "status");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(speed, "speed");
    }
}
