package io.cpufeatures.dispatch.testing;

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
}
