package com.example.sum;

/** The routine: the sum of an array of ints, as a long. */
public interface IntSum {

    /** The sum of {@code values}. */
    long sum(int[] values);
}
