package io.cpufeatures.core;

import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.kit.ProcCpuinfoText;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.CpuSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads dump files of any architecture whose module is on the class path (the format is detected
 * from the content; the module parses the text into snapshots, which are then decoded as a probe's
 * are), and writes a report's snapshot in its architecture's format.
 *
 * <p>A file either parses completely or raises {@link DumpFormatException}: nothing half-parsed is
 * ever returned. Bytes are read as ISO-8859-1, so no byte sequence fails to decode (the formats are
 * ASCII), after a UTF-8 byte-order mark if there is one; a file that starts with a UTF-16 byte-order
 * mark (what Windows PowerShell writes) is read as UTF-16. A file is read up to {@link #MAX_BYTES}:
 * the largest real dumps (every logical CPU of a many-core server) are a few megabytes, so anything
 * beyond is refused rather than read whole.
 */
public final class CpuDumps {

    /** The largest file read, 16 MiB. */
    public static final int MAX_BYTES = 16 << 20;

    /**
     * The most distinct kinds of logical CPU a dump may hold, 64. A machine has a few (a hybrid x86 part three, a
     * phone's big.LITTLE clusters four): a dump whose every CPU differs is no machine, and decoding tens of thousands
     * of kinds would take memory its size does not bound. Identical CPUs are one kind, whatever their number.
     */
    public static final int MAX_KINDS = 64;

    /** What the errors about too many kinds say after the count. */
    private static final String KINDS_TAIL = " distinct kinds of logical CPU; a dump of one machine holds a few, and at"
            + " most " + MAX_KINDS + " are read (identical CPUs are one kind, however many)";

    private CpuDumps() {
    }

    /**
     * The error for a dump of {@code kinds} distinct kinds of logical CPU, more than {@link #MAX_KINDS}.
     *
     * @param kinds how many were found (or the first past the limit)
     * @return what is wrong and what is accepted, in one sentence
     */
    public static String tooManyKinds(int kinds) {
        return kinds + KINDS_TAIL;
    }

    /**
     * The error a dump parser gives on the line where the kind past {@link #MAX_KINDS} begins, before it reads on.
     *
     * @return what is wrong and what is accepted, in one sentence, for the line's CPU
     */
    public static String kindPastTheLimit() {
        return "the CPU of this line is one of more than " + MAX_KINDS + KINDS_TAIL;
    }

    /**
     * Reads and parses {@code file}, with the OS state the dump implies.
     *
     * @param file the dump file, in any format of a module on the class path; not null
     * @return the dump, decoded
     * @throws IOException         if the file cannot be read
     * @throws DumpFormatException if the file is larger than {@link #MAX_BYTES}, in no known format, or malformed
     */
    public static CpuDump read(Path file) throws IOException, DumpFormatException {
        return read(file, Map.of());
    }

    /**
     * Reads and parses {@code file}, assuming what {@code assume} says instead of what the dump implies, where a dump
     * cannot say it itself (the OS state of a machine whose dump was taken elsewhere), by names its architecture
     * defines.
     *
     * @param file   the dump file, in any format of a module on the class path; not null
     * @param assume what to assume, by name, as the user wrote it; not null (empty for what the dump implies)
     * @return the dump, decoded
     * @throws IOException              if the file cannot be read
     * @throws DumpFormatException      if the file is larger than {@link #MAX_BYTES}, in no known format, or malformed,
     *                                  or an assumption is given that the dump's architecture does not take
     * @throws IllegalArgumentException if an assumption's value is not one the dump's architecture accepts
     */
    public static CpuDump read(Path file, Map<String, String> assume) throws IOException, DumpFormatException {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        }
        if (bytes.length > MAX_BYTES) {
            throw new DumpFormatException(file.toString(), 0, "larger than " + (MAX_BYTES >> 20)
                    + " MiB; a CPU dump is kilobytes to a few megabytes, so this is not one");
        }
        String text = text(bytes);
        // from here on the text is all that is read: a dump at the limit is not held twice while it is parsed
        bytes = null;
        return parse(file.toString(), text, assume);
    }

    /**
     * The text of a dump's bytes: UTF-16 (little or big endian) when it starts with that byte-order
     * mark, as Windows PowerShell's redirection writes; otherwise ISO-8859-1, which decodes every byte
     * (the formats are ASCII), without a UTF-8 byte-order mark if there is one.
     */
    static String text(byte[] bytes) {
        if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe) {
            return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16LE);
        }
        if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff) {
            return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16BE);
        }
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
            return new String(bytes, 3, bytes.length - 3, StandardCharsets.ISO_8859_1);
        }
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /**
     * Parses {@code text}, naming it {@code file} in sources and errors, with the first module whose
     * formats it is in.
     *
     * @param file   the name to give the text in sources and errors; not null
     * @param text   the dump's whole text; not null
     * @param assume what to assume, by name, as {@link #read(Path, Map)} takes it; not null
     * @return the dump, decoded
     * @throws DumpFormatException      if no module recognises it ({@link UnrecognisedDumpException}), or the one
     *                                  that does finds it malformed, or an assumption is given that the dump's
     *                                  architecture does not take
     * @throws IllegalArgumentException if an assumption's value is not one the dump's architecture accepts
     */
    public static CpuDump parse(String file, String text, Map<String, String> assume) throws DumpFormatException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(assume, "assume");
        List<ArchitectureModule> providers = Architectures.get().providers();
        List<String> accepted = new ArrayList<>();
        for (ArchitectureModule p : providers) {
            Optional<SnapshotDump<CpuSnapshot>> contents = p.parseDump(file, text, assume);
            if (contents.isPresent()) {
                if (contents.get().kinds().size() > MAX_KINDS) {
                    throw new DumpFormatException(file, 0, tooManyKinds(contents.get().kinds().size()));
                }
                List<CpuKind<CpuFeatures>> kinds = new ArrayList<>();
                for (CpuKind<CpuSnapshot> k : contents.get().kinds()) {
                    CpuSnapshot s = k.cpu();
                    DecodedCpu decoded = CpuFeatures.decode(s, List.of(p)).orElseThrow(() ->
                            new IllegalStateException(p.architecture() + " parsed a snapshot it does not decode: "
                                    + s.architecture()));
                    kinds.add(k.as(CpuFeatures.decoded(decoded, s.source())));
                }
                return new CpuDump(file, contents.get().format(), contents.get().logicalCpus(), kinds);
            }
            accepted.add(p.unrecognisedDump());
        }
        // a /proc/cpuinfo whose architecture no module here reads: say which module is missing, not "in no format"
        Optional<String> kernel = ProcCpuinfoText.architecture(text);
        if (kernel.isPresent()) {
            String arch = kernel.get();
            throw new UnrecognisedDumpException(file, "a Linux kernel's /proc/cpuinfo for " + arch + ": no " + arch
                    + " module is on the class path" + Architectures.artifact(arch)
                    .map(a -> "; add " + a).orElse(" (cpufeatures has none for " + arch + ")"), arch);
        }
        if (accepted.isEmpty()) {
            throw new UnrecognisedDumpException(file, "no cpufeatures architecture module is on the class path to read it");
        }
        throw new UnrecognisedDumpException(file, accepted.size() == 1 ? accepted.get(0)
                : "in no format of any module on the class path: " + String.join("; ", accepted));
    }

    /**
     * The snapshots of {@code cpus} in their architecture's dump format, as logical CPUs 0, 1... in
     * list order; {@link #read} reads it back.
     *
     * @param cpus reports of one architecture, one per logical CPU to write; not null
     * @return the dump's text
     * @throws IllegalArgumentException if a report has no snapshot (nothing was known of its CPU), its snapshot's source
     *                                  does not state all a dump holds ({@link SnapshotSource#unstated()}), or the
     *                                  reports are of different architectures
     */
    public static String write(List<CpuFeatures> cpus) {
        List<CpuSnapshot> snapshots = new ArrayList<>();
        String architecture = null;
        for (CpuFeatures c : cpus) {
            CpuSnapshot s = c.snapshot().orElseThrow(() -> new IllegalArgumentException(
                    "no snapshot to write: nothing is known of the CPU (source " + c.source() + ")"));
            if (architecture != null && !architecture.equals(s.architecture())) {
                throw new IllegalArgumentException("one dump holds one architecture, not " + architecture + " and "
                        + s.architecture());
            }
            architecture = s.architecture();
            // a dump states everything its format holds: written from a text that does not, it would state as absent
            // what the text left unknown (the text is the machine's dump; read it instead)
            if (!s.source().unstated().isEmpty()) {
                throw new IllegalArgumentException("no dump is written of " + s.source().detail() + ": it does not state "
                        + String.join(", ", s.source().unstated()) + ", which the dump would state; the file itself is"
                        + " read as it is");
            }
            snapshots.add(s);
        }
        String arch = architecture;
        ArchitectureModule p = Architectures.get().providers().stream().filter(x -> x.architecture().equals(arch))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no module writes " + arch + " dumps"));
        return p.writeDump(snapshots);
    }
}
