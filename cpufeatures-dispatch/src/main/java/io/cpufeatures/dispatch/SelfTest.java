package io.cpufeatures.dispatch;

/**
 * A known-answer check an implementation can offer: before a selected implementation is
 * published, its {@link #selfTest()} runs, and if it fails or throws the implementation is
 * rejected with the cause and the next candidate is taken.
 */
public interface SelfTest {

    /**
     * Checks a known answer.
     *
     * @throws Exception (or returns normally) as the check fails (or passes)
     */
    void selfTest() throws Exception;
}
