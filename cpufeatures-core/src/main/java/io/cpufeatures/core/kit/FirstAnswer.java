package io.cpufeatures.core.kit;

/**
 * The first answer of one machine ({@link FirstLayer#probe()}): whether a feature is usable, read from a bit set
 * worked out once. Immutable and safe to share.
 */
public interface FirstAnswer {

    /** The feature (or every member of the group) is usable. */
    int USABLE = 1;
    /** It is not: the full decode says why. */
    int NOT_USABLE = 0;
    /** Not answered here: not a name of this layer, or one only the full decode answers exactly. */
    int UNANSWERED = -1;

    /**
     * The answer for {@code name}, spelled exactly as the vocabulary spells a feature or one of its aliases.
     *
     * @param name the name asked for; not null
     * @return {@link #USABLE}, {@link #NOT_USABLE} or {@link #UNANSWERED}
     */
    int answer(String name);
}
