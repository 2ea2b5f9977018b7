package io.cpufeatures.cli;

import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuFeaturesConfigurationException;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.os.IoFailure;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a command reports on: this machine (the process-wide report) or the distinct CPUs of a dump
 * file of any architecture whose module is on the class path, each with how many logical CPUs it
 * stands for.
 *
 * @param cpus    the distinct CPUs, in file order
 * @param source  where the answer came from
 * @param process whether this is the running machine (dispatch then uses the process-wide choice)
 * @param whole   the machine as a process sees it: on a hybrid part what every core type can run, else its CPU
 */
record Machine(List<CpuKind<CpuFeatures>> cpus, ProbeSource source, boolean process, CpuFeatures whole) {

    /** The {@code --cpuid-file} that names standard input. */
    static final Path STDIN = Path.of("-");
    /** What a dump read from standard input is called in sources and errors. */
    static final String STDIN_NAME = "<stdin>";

    /**
     * This machine, or the dump {@code cpuidFile} with XCR0 {@code xcr0} if given.
     *
     * @throws CliFailure exit 1 for an unreadable or malformed file, exit 2 for a bad XCR0 or an XCR0 without a file
     */
    static Machine load(Path cpuidFile, String xcr0) {
        return load(cpuidFile, xcr0, InputStream.nullInputStream());
    }

    /**
     * This machine, or the dump {@code cpuidFile} ({@code -}: read from {@code stdin}) with XCR0
     * {@code xcr0} if given.
     *
     * @throws CliFailure exit 1 for an unreadable or malformed file, exit 2 for a bad XCR0 or an XCR0 without a file
     */
    static Machine load(Path cpuidFile, String xcr0, InputStream stdin) {
        if (cpuidFile == null) {
            if (xcr0 != null) {
                throw new CliFailure(CliFailure.USAGE, "--xcr0 describes a dump: give it with --cpuid-file");
            }
            CpuFeatures here = CpuFeatures.current();
            if (!here.coreKinds().isEmpty()) {
                // A hybrid machine: one entry per core type; the process-wide answer is their intersection.
                return new Machine(here.coreKinds(), here.source(), true, here);
            }
            return new Machine(List.of(new CpuKind<>(here, Runtime.getRuntime().availableProcessors(), 0)), here.source(),
                    true, here);
        }
        // --xcr0 is the assumption of that name, which x86 dumps take (its module reads and checks the value)
        Map<String, String> assume = xcr0 == null ? Map.of() : Map.of(XCR0, xcr0);
        CpuDump dump = cpuidFile.equals(STDIN) ? read(stdin, assume) : read(cpuidFile, assume);
        return new Machine(dump.kinds(), dump.source(), false, dump.machine());
    }

    /**
     * This machine seen from {@code jvm}: every CPU answers its {@code jvm.*} features, and so its dispatch
     * requirements, from that view.
     */
    Machine withJvm(JvmView jvm) {
        return new Machine(cpus.stream().map(k -> k.as(k.cpu().withJvm(jvm))).toList(), source, process, whole.withJvm(jvm));
    }

    /**
     * {@return the CPU a VM on this machine starts on, as its snapshot shows it: the machine's, or on a hybrid part
     * without one snapshot the first core type's (CPUID there answers for one of them)}
     */
    CpuFeatures startCpu() {
        return whole.snapshot().isPresent() || cpus.isEmpty() ? whole : cpus.get(0).cpu();
    }

    /** The assumption --xcr0 gives, by the name the dump's module knows it. */
    private static final String XCR0 = "xcr0";

    /** Reads a dump from standard input, as {@link CpuDumps#read(Path, Map)} reads a file. */
    private static CpuDump read(InputStream stdin, Map<String, String> assume) {
        byte[] bytes = readBounded(stdin);
        if (bytes.length == 0) {
            throw new CliFailure(CliFailure.FAILED, STDIN_NAME + ": empty; --cpuid-file - reads a dump from standard input,"
                    + " e.g. cpuid -r | cpufeatures report --cpuid-file -");
        }
        String text = text(bytes);
        // the text is all that is read: a dump at the limit is not held twice while it is parsed
        bytes = null;
        return parseStdin(text, assume);
    }

    /**
     * The dump whose text standard input gave, read without XCR0: what {@code fleet -} reads, which holds the text
     * it looked at, not the bytes as well.
     *
     * @throws CliFailure exit 1 for a malformed dump
     */
    static Machine ofStdinText(String text) {
        CpuDump dump = parseStdin(text, Map.of());
        return new Machine(dump.kinds(), dump.source(), false, dump.machine());
    }

    private static CpuDump parseStdin(String text, Map<String, String> assume) {
        try {
            return CpuDumps.parse(STDIN_NAME, text, assume);
        } catch (DumpFormatException e) {
            throw new CliFailure(CliFailure.FAILED, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(CliFailure.USAGE, "--" + e.getMessage(), e);
        }
    }

    /**
     * Standard input's bytes, at most {@link CpuDumps#MAX_BYTES}: what is larger is refused, not cut.
     *
     * @throws CliFailure exit 1 when it cannot be read or is larger
     */
    static byte[] readBounded(InputStream stdin) {
        byte[] bytes;
        try {
            bytes = stdin.readNBytes(CpuDumps.MAX_BYTES + 1);
        } catch (IOException e) {
            throw new CliFailure(CliFailure.FAILED, "cannot read " + IoFailure.describe(STDIN_NAME, e), e);
        }
        if (bytes.length > CpuDumps.MAX_BYTES) {
            throw new CliFailure(CliFailure.FAILED, STDIN_NAME + ": larger than " + (CpuDumps.MAX_BYTES >> 20)
                    + " MiB; a CPU dump is kilobytes to a few megabytes, so this is not one");
        }
        return bytes;
    }

    /**
     * A dump's bytes as text, decoded as {@link CpuDumps} decodes a file: UTF-16 after its byte-order
     * mark (PowerShell's redirection), else ISO-8859-1 (the formats are ASCII) without a UTF-8 byte-order mark.
     */
    static String text(byte[] b) {
        if (b.length >= 2 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xfe) {
            return new String(b, 2, b.length - 2, StandardCharsets.UTF_16LE);
        }
        if (b.length >= 2 && (b[0] & 0xff) == 0xfe && (b[1] & 0xff) == 0xff) {
            return new String(b, 2, b.length - 2, StandardCharsets.UTF_16BE);
        }
        if (b.length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf) {
            return new String(b, 3, b.length - 3, StandardCharsets.ISO_8859_1);
        }
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** Reads a dump, turning failures into one-line errors. */
    private static CpuDump read(Path file, Map<String, String> assume) {
        try {
            return CpuDumps.read(file, assume);
        } catch (IOException e) {
            // the OS's reason once: "No such file or directory", "Permission denied", "Is a directory"
            throw new CliFailure(CliFailure.FAILED, "cannot read " + IoFailure.describe(file, e), e);
        } catch (DumpFormatException e) {
            throw new CliFailure(CliFailure.FAILED, e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(CliFailure.USAGE, "--" + e.getMessage(), e);
        }
    }
}
