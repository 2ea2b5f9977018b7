package io.cpufeatures.examples.skeleton;

/** The routine: how many bits are set in an array of words. */
public interface BitCount {

    /** The number of set bits in {@code words}. */
    long count(long[] words);
}
