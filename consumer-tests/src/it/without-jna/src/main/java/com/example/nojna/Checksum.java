package com.example.nojna;

/** The routine: a checksum of an array of ints. */
public interface Checksum {
    long of(int[] values);
}
