package io.cpufeatures.dispatch.testing;

import java.util.Objects;

import io.cpufeatures.dispatch.Candidate;

/**
 * The candidate a {@link ForEachCandidate} invocation runs with.
 *
 * @param name      the candidate's name
 * @param instance  a fresh instance
 * @param candidate the candidate
 * @param <T>       the service type
 */
public record CandidateUnderTest<T>(String name, T instance, Candidate<T> candidate) {

    /**
     * Validates the parts.
     *
     * @param name      the candidate's name; not null
     * @param instance  a fresh instance; not null
     * @param candidate the candidate; not null
     */
    public CandidateUnderTest {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(instance, "instance");
        Objects.requireNonNull(candidate, "candidate");
    }
}
