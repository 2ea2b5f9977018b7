package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.kit.SnapshotDump;
import java.util.List;
import java.util.Optional;

/**
 * An architecture's dump files: read into snapshots (parsing only; decoding happens elsewhere) and written back
 * from them, as {@code cpufeatures report --raw} does. {@link KeyValueDump} is one for any architecture whose raw
 * answers are a few named values; an architecture with several syntaxes (x86's) writes its own.
 *
 * @param <S> the architecture's snapshot
 */
public interface SnapshotFormat<S extends CpuSnapshot> {

    /**
     * Parses {@code text} if it is in one of the architecture's formats.
     *
     * @param file the file's name, for the snapshots' sources and the errors; not null
     * @param text the file's contents; not null
     * @return the dump; empty when the text is in none of them
     * @throws DumpFormatException if it is in one of them and malformed: the file, the line, what was wrong, what
     *                             is accepted
     */
    Optional<SnapshotDump<S>> parse(String file, String text) throws DumpFormatException;

    /**
     * The text of {@code snapshots}, as logical CPUs 0, 1... in list order, in the format the architecture writes.
     *
     * @param snapshots the snapshots, CPU 0 first; not null
     * @return the dump
     */
    String write(List<S> snapshots);

    /** {@return the error of a file in none of the formats, saying what is accepted} */
    String unrecognised();
}
