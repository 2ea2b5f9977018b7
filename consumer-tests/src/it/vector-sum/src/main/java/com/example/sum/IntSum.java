package com.example.sum;

/** The routine: the sum of an array of ints, as a long. */
public interface IntSum {
    long sum(int[] values);
}
