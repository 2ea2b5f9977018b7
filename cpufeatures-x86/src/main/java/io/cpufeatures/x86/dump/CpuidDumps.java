package io.cpufeatures.x86.dump;

import io.cpufeatures.core.kit.SnapshotDump;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.TextLines;
import io.cpufeatures.x86.CpuidSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads CPUID dump files in every format of {@link DumpFormat}, detected from the content, and
 * collapses identical logical CPUs (see {@link SnapshotDump<CpuidSnapshot>}). A libcpuid {@code .test} file (a dump, a
 * line of 80 dashes, then expected values) is read up to the dashes.
 *
 * <p>A file either parses completely or raises {@link CpuidFormatException}: nothing half-parsed
 * is ever returned. Files are read by {@link io.cpufeatures.core.CpuDumps}, which bounds their size
 * and detects the architecture.
 */
public final class CpuidDumps {

    /** What a file in none of the formats gets: what is accepted, with an example line of each. */
    public static final String UNRECOGNISED = "no CPUID register line found; accepted formats: cpuid -r"
            + " ('   0x00000000 0x00: eax=0x... ebx=0x... ecx=0x... edx=0x...'), AIDA64/InstLatx64"
            + " ('CPUID 00000000: EAX-EBX-ECX-EDX'), libcpuid raw ('basic_cpuid[0]=eax ebx ecx edx'),"
            + " and libcpuid .test files holding one of them";

    private static final String LIBCPUID_TEST_SEPARATOR = "-".repeat(80);

    private CpuidDumps() {
    }

    /**
     * Parses {@code text}, naming it {@code file} in snapshot sources and error messages.
     *
     * @param file the file's name as given; not null
     * @param text the whole file's text; not null
     * @return the dump: its format and its logical CPUs, identical ones collapsed into groups
     * @throws CpuidFormatException if it is in none of the formats ({@link #UNRECOGNISED}) or malformed
     */
    public static SnapshotDump<CpuidSnapshot> parse(String file, String text) throws CpuidFormatException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(text, "text");
        Optional<SnapshotDump<CpuidSnapshot>> dump = parseIfCpuid(file, text);
        if (dump.isEmpty()) {
            throw new CpuidFormatException(file, 0, UNRECOGNISED);
        }
        return dump.get();
    }

    /**
     * Parses {@code text} if it holds a CPUID register line of one of the formats: empty if it holds
     * none (the file is not a CPUID dump), the dump if it parses completely.
     *
     * @param file the file's name as given; not null
     * @param text the whole file's text; not null
     * @return the dump; empty if the text holds no CPUID register line of any format
     * @throws CpuidFormatException if it is in one of the formats and malformed
     */
    public static Optional<SnapshotDump<CpuidSnapshot>> parseIfCpuid(String file, String text) throws CpuidFormatException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(text, "text");
        // Which format, if any, on the lines as they come: no line is held, and a parser holds the CPUs' register
        // lines, never the text's lines (a 16 MiB dump is 330,000 of them).
        Iterable<String> lines = untilLibcpuidSeparator(TextLines.of(text));
        Optional<DumpFormat> detected = detect(lines);
        if (detected.isEmpty()) {
            return Optional.empty();
        }
        DumpFormat format = detected.get();
        List<LogicalCpuRecords> cpus = switch (format) {
            case CPUID_R -> CpuidRSyntax.parse(file, lines);
            case AIDA64 -> AidaSyntax.parse(file, lines);
            case LIBCPUID_RAW -> LibcpuidRawSyntax.parse(file, lines);
        };
        Map<KindKey, Integer> kindIndex = new LinkedHashMap<>();
        List<CpuidSnapshot> firsts = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        List<Integer> firstPositions = new ArrayList<>();
        for (int i = 0; i < cpus.size(); i++) {
            LogicalCpuRecords cpu = cpus.get(i);
            if (cpu.records().isEmpty()) {
                throw new CpuidFormatException(file, cpu.startLine(),
                        "a logical CPU header with no register lines after it; every CPU of a dump needs its leaves");
            }
            CpuidSnapshot snapshot = SnapshotAssembler.assemble(file, cpu,
                    SnapshotSource.file(file + " logical CPU " + i));
            KindKey kind = KindKey.of(snapshot);
            Integer known = kindIndex.get(kind);
            if (known == null) {
                if (firsts.size() == CpuDumps.MAX_KINDS) {
                    throw new CpuidFormatException(file, cpu.startLine(), CpuDumps.kindPastTheLimit());
                }
                kindIndex.put(kind, firsts.size());
                firsts.add(snapshot);
                counts.add(1);
                firstPositions.add(i);
            } else {
                counts.set(known, counts.get(known) + 1);
            }
        }
        List<CpuKind<CpuidSnapshot>> groups = new ArrayList<>();
        for (int g = 0; g < firsts.size(); g++) {
            groups.add(new CpuKind<>(firsts.get(g), counts.get(g), firstPositions.get(g)));
        }
        return Optional.of(new SnapshotDump<>(file, format.id(), cpus.size(), groups));
    }

    /** Whether {@code line} is the 80 dashes and blanks around them (a line may be megabytes: at most 80 are copied). */
    private static boolean isSeparator(String line) {
        // abbreviated, a line of more than 80 characters ends in "...", never the separator
        return CpuidRSyntax.abbreviate(line).equals(LIBCPUID_TEST_SEPARATOR);
    }

    /** The lines of {@code lines} before a libcpuid test file's separator, as they come. */
    private static Iterable<String> untilLibcpuidSeparator(Iterable<String> lines) {
        return () -> new java.util.Iterator<>() {
            private final java.util.Iterator<String> it = lines.iterator();
            private String next = advance();

            private String advance() {
                if (!it.hasNext()) {
                    return null;
                }
                String l = it.next();
                return isSeparator(l) ? null : l;
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public String next() {
                if (next == null) {
                    throw new java.util.NoSuchElementException();
                }
                String l = next;
                next = advance();
                return l;
            }
        };
    }

    private static Optional<DumpFormat> detect(Iterable<String> lines) {
        boolean aida = false;
        boolean cpuidR = false;
        // cpuid -r's output starts with its header or a leaf line, and its parser takes nothing else: a text whose
        // first line is something else (a README quoting a dump) is not one.
        Boolean cpuidRStart = null;
        for (String line : lines) {
            if (cpuidRStart == null && !line.isBlank()) {
                cpuidRStart = LogicalCpuHeader.isCpuidR(line) || CpuidRSyntax.LEAF_LINE.matcher(line).matches();
            }
            if (LibcpuidRawSyntax.isRegisterLine(line)) {
                return Optional.of(DumpFormat.LIBCPUID_RAW);
            }
            cpuidR |= cpuidRStart != null && cpuidRStart && CpuidRSyntax.LEAF_LINE.matcher(line).matches();
            aida |= AidaSyntax.isRegisterLine(line);
        }
        if (cpuidR) {
            return Optional.of(DumpFormat.CPUID_R);
        }
        return aida ? Optional.of(DumpFormat.AIDA64) : Optional.empty();
    }
}
