package io.cpufeatures.core;

import java.util.List;
import java.util.Objects;

/**
 * A name as the vocabulary of the modules on the class path resolves it: its canonical spelling,
 * what kind of name it is, which architecture defines it, and, for a group, its members.
 *
 * @param canonical    the canonical spelling ({@code pni} for {@code sse3}, {@code jvm.vector512})
 * @param kind         what the name stands for
 * @param architectures the architectures whose modules define it ({@code aes} is x86's and
 *                     aarch64's); empty for the core's own {@code jvm.*} names, which mean the same
 *                     on every architecture
 * @param members      a group's canonical member names; empty for every other kind
 */
public record FeatureName(String canonical, Kind kind, List<String> architectures, List<String> members) {

    /** What a name stands for. */
    public enum Kind {
        /** A CPU feature (present, usable or not). */
        FEATURE,
        /** A policy flag of the preferred layer ({@code prefer_ymm}): advice, never a removal. */
        POLICY,
        /** A named set of features that must all hold ({@code x86-64-v3}, {@code avx512-core}). */
        GROUP,
        /** What the running JVM's JIT will compile ({@code jvm.vector512}). */
        JVM
    }

    /**
     * Validates and copies the parts.
     *
     * @param canonical     the canonical spelling; not null
     * @param kind          what the name stands for; not null
     * @param architectures the architectures whose modules define it; empty for {@code jvm.*} names; not null
     * @param members       a group's canonical member names; empty for every other kind; not null
     * @throws IllegalArgumentException if a group has no members, or a name of another kind has some
     */
    public FeatureName {
        Objects.requireNonNull(canonical, "canonical");
        Objects.requireNonNull(kind, "kind");
        architectures = List.copyOf(architectures);
        members = List.copyOf(members);
        if ((kind == Kind.GROUP) == members.isEmpty()) {
            throw new IllegalArgumentException("a group, and only a group, has members: " + canonical);
        }
    }

    @Override
    public String toString() {
        return canonical;
    }
}
