package io.cpufeatures.aarch64.dump;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.TextLines;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What Windows on Arm publishes of each processor: the ID registers under
 * {@code HKLM\HARDWARE\DESCRIPTION\System\CentralProcessor\N}, one REG_QWORD per register named {@code "CP "} and the
 * register's encoding in hex, {@code ((op0 & 1) << 14) | (op1 << 11) | (CRn << 7) | (CRm << 3) | op2} (MSVC's
 * {@code ARM64_SYSREG}; onnxruntime's {@code cpuid_info.cc}: "for the CP value of MIDR, op0 = 3 and the others are
 * all = 0, so we come up with 0x4000"; zig's {@code lib/std/zig/system/windows.zig} lists the rest). Read from what
 * PowerShell's {@code Get-Item HKLM:\HARDWARE\DESCRIPTION\System\CentralProcessor\*} prints (decimal values) or
 * {@code reg query} prints ({@code REG_QWORD 0x...}). Registers this module does not track ({@code CP 5801},
 * CTR_EL0, say) are ignored.
 *
 * <p>Windows has no HWCAP: it exposes to user space what the CPU implements, except register state it must save
 * itself. So the snapshot's HWCAP words are the features the registers show, less SVE and SME and everything on
 * their feature registers, whose state needs the OS's support and which this listing cannot confirm. Each
 * processor is a snapshot; identical ones are one kind.
 */
public final class WindowsProcessorRegistry {

    /** The format's identifier in reports. */
    public static final String FORMAT = "windows-registry";

    private WindowsProcessorRegistry() {
    }

    /**
     * Whether {@code text} is a listing of those registry keys.
     *
     * @param text a file's text
     * @return whether it names {@code CentralProcessor} and the MIDR value {@code CP 4000}
     */
    static boolean recognises(String text) {
        return text.contains("CentralProcessor") && text.contains("CP 4000");
    }

    /**
     * The registry value name of a register.
     *
     * @param register the register
     * @return e.g. {@code CP 4030} for ID_AA64ISAR0_EL1 (op0 = 3, op1 = 0, CRn = 0, CRm = 6, op2 = 0)
     */
    public static String valueName(IdRegister register) {
        return String.format("CP %X", 0x4000 | register.crm() << 3 | register.op2());
    }

    /**
     * Reads a listing, line by line: each processor is folded into its kind as soon as its values end, so what is held
     * is the distinct kinds (at most {@link CpuDumps#MAX_KINDS}), never every processor.
     *
     * @param file the file's name, for errors and the source
     * @param text the listing
     * @return the dump: one logical CPU per processor subkey listed, identical ones one kind
     * @throws DumpFormatException naming the line, for a CP value that is not a number, an unindented line that
     *                             names no processor, a CP value under no processor's key, a processor number of
     *                             more than four digits or listed twice, a processor without CP 4000, the processor
     *                             that is a kind past {@link CpuDumps#MAX_KINDS}, a line longer than
     *                             {@link TextLines#MAX_LINE}; or a listing with no processor
     */
    public static SnapshotDump<AArch64Snapshot> read(String file, String text) throws DumpFormatException {
        Map<String, IdRegister> byName = new LinkedHashMap<>();
        for (IdRegister r : IdRegister.values()) {
            byName.put(valueName(r), r);
        }
        Kinds kinds = new Kinds(file);
        // the line each processor number was first listed on: a number is at most four digits
        int[] listedOn = new int[MAX_PROCESSORS];
        Processor current = null;
        int n = 0;
        for (String raw : TextLines.of(text)) {
            n++;
            String line = TextLines.stripped(file, n, raw);
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("Hive:") || line.startsWith("Name ")
                    || line.startsWith("----")) {
                continue;
            }
            if (line.startsWith("HKEY_") || line.startsWith("HKLM")) {
                // reg query: a key per processor, its values indented below it; a key of another name (the
                // CentralProcessor key above them) is no processor's, and a CP value under it is refused
                kinds.add(current);
                int number = number(line.substring(line.lastIndexOf('\\') + 1));
                current = number < 0 ? null : new Processor(file, number, n, listedOn);
                continue;
            }
            String property = line;
            if (!Character.isWhitespace(raw.charAt(0))) {
                // PowerShell: the subkey's name starts its first line, its properties follow.
                int space = line.indexOf(' ');
                int number = number(space < 0 ? line : line.substring(0, space));
                if (number < 0) {
                    throw new DumpFormatException(file, n, "not a processor's line: '" + abbreviate(line) + "'; accepted:"
                            + " a processor's number (1 to 4 digits) and its first property (PowerShell Get-Item), or its"
                            + " key (reg query), then its values indented");
                }
                kinds.add(current);
                current = new Processor(file, number, n, listedOn);
                property = space < 0 ? "" : line.substring(space).strip();
            }
            Optional<String[]> nameValue = nameValue(property);
            if (nameValue.isEmpty()) {
                continue;
            }
            if (hasControl(nameValue.get()[0])) {
                // "CP 40\0" + "00" is no value this module ignores: a name it would not know for one character
                throw new DumpFormatException(file, n, "the value name '" + escaped(abbreviate(nameValue.get()[0]))
                        + "' holds a control character; accepted: value names of printable characters ('CP 4020')");
            }
            IdRegister r = byName.get(nameValue.get()[0]);
            if (r == null) {
                continue;
            }
            if (current == null) {
                throw new DumpFormatException(file, n, nameValue.get()[0] + " is under no processor's key; accepted: the"
                        + " values of CentralProcessor\\N, N a processor's number of 1 to 4 digits");
            }
            String v = nameValue.get()[1];
            if (!isNumber(v)) {
                throw new DumpFormatException(file, n, nameValue.get()[0] + " is '" + abbreviate(v) + "'; accepted: a"
                        + " decimal number (PowerShell) or 0x and hex digits (reg query), in ASCII digits, of 64 bits");
            }
            current.put(file, n, r, nameValue.get()[0], v.startsWith("0x") ? Long.parseUnsignedLong(v.substring(2), 16)
                    : Long.parseUnsignedLong(v));
        }
        kinds.add(current);
        return kinds.dump();
    }

    /** How many processors a listing may number: Windows numbers them with at most four digits. */
    private static final int MAX_PROCESSORS = 10_000;

    /** The processor number {@code s} is, 1 to 4 ASCII digits; -1 if it is none. */
    private static int number(String s) {
        if (s.isEmpty() || s.length() > 4) {
            return -1;
        }
        int v = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /**
     * Whether {@code v} is a 64-bit value as the registry prints it: 1 to 20 ASCII decimal digits up to 2^64 - 1, or
     * {@code 0x} and 1 to 16 ASCII hex digits. Not what {@link Long#parseUnsignedLong} alone takes: it takes every
     * script's digits (full-width, Arabic-Indic) and a leading {@code +}.
     */
    private static boolean isNumber(String v) {
        boolean hex = v.startsWith("0x");
        String digits = hex ? v.substring(2) : v;
        if (digits.isEmpty() || digits.length() > (hex ? 16 : 20)) {
            return false;
        }
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            boolean digit = c >= '0' && c <= '9' || hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F');
            if (!digit) {
                return false;
            }
        }
        // 20 decimal digits may pass 2^64 - 1: compared as text, both of 20 digits
        return hex || digits.length() < 20 || digits.compareTo("18446744073709551615") <= 0;
    }

    /** Whether {@code s} holds a C0 control character or DEL. */
    private static boolean hasControl(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < 0x20 || s.charAt(i) == 0x7f) {
                return true;
            }
        }
        return false;
    }

    /** {@code s} with its control characters as {@code \xNN}, for an error's one line. */
    private static String escaped(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** One processor as read: its number, the line it starts on, its registers so far and the line of each. */
    private static final class Processor {
        final int number;
        final int line;
        final Map<IdRegister, Long> registers = new EnumMap<>(IdRegister.class);
        final int[] lineOf = new int[IdRegister.values().length];

        Processor(String file, int number, int line, int[] listedOn) throws DumpFormatException {
            if (listedOn[number] != 0) {
                throw new DumpFormatException(file, line, "processor " + number + " is listed twice (first on line "
                        + listedOn[number] + "); a listing has each processor's key once");
            }
            listedOn[number] = line;
            this.number = number;
            this.line = line;
        }

        /** Sets register {@code r}, named {@code name} in the file, from line {@code n}; refused if it is set. */
        void put(String file, int n, IdRegister r, String name, long value) throws DumpFormatException {
            if (registers.containsKey(r)) {
                throw new DumpFormatException(file, n, name + " given twice for processor " + number + " (first on line "
                        + lineOf[r.ordinal()] + "); a processor has each value once");
            }
            registers.put(r, value);
            lineOf[r.ordinal()] = n;
        }
    }

    /** The kinds read so far, each processor counted in its kind as it ends; a kind past the limit refused. */
    private static final class Kinds {
        final String file;
        final Map<Map<IdRegister, Long>, Integer> indexOf = new HashMap<>();
        final List<AArch64Snapshot> firsts = new ArrayList<>();
        final List<Integer> firstIndex = new ArrayList<>();
        final List<int[]> counts = new ArrayList<>();
        int processors;

        Kinds(String file) {
            this.file = file;
        }

        /** Counts {@code p} (nothing when null) in its kind. */
        void add(Processor p) throws DumpFormatException {
            if (p == null) {
                return;
            }
            if (!p.registers.containsKey(IdRegister.MIDR_EL1)) {
                throw new DumpFormatException(file, p.line, "processor " + p.number + " has no CP 4000 (MIDR_EL1); every"
                        + " processor listed needs it");
            }
            Integer k = indexOf.get(p.registers);
            if (k == null) {
                if (firsts.size() == CpuDumps.MAX_KINDS) {
                    throw new DumpFormatException(file, p.line, CpuDumps.kindPastTheLimit());
                }
                indexOf.put(p.registers, firsts.size());
                firsts.add(snapshot(p.registers, SnapshotSource.file(file + " (Windows registry, CentralProcessor\\"
                        + p.number + ")")));
                firstIndex.add(processors);
                counts.add(new int[] {1});
            } else {
                counts.get(k)[0]++;
            }
            processors++;
        }

        SnapshotDump<AArch64Snapshot> dump() throws DumpFormatException {
            if (firsts.isEmpty()) {
                throw new DumpFormatException(file, 0, "no processor with CP values (CentralProcessor\\N and"
                        + " 'CP 4000 : ...')");
            }
            List<CpuKind<AArch64Snapshot>> list = new ArrayList<>();
            for (int i = 0; i < firsts.size(); i++) {
                list.add(new CpuKind<>(firsts.get(i), counts.get(i)[0], firstIndex.get(i)));
            }
            return new SnapshotDump<>(file, FORMAT, processors, list);
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    /** {@code Name : value} (PowerShell) or {@code Name    REG_QWORD    value} (reg query). */
    private static Optional<String[]> nameValue(String property) {
        int reg = property.indexOf(" REG_QWORD ");
        if (reg > 0) {
            return Optional.of(new String[] {property.substring(0, reg).strip(),
                property.substring(reg + " REG_QWORD ".length()).strip()});
        }
        int colon = property.indexOf(" : ");
        if (colon > 0) {
            return Optional.of(new String[] {property.substring(0, colon).strip(), property.substring(colon + 3).strip()});
        }
        return Optional.empty();
    }

    /**
     * The snapshot of one processor's registers.
     *
     * @param registers the registers read; not null
     * @param source    where they came from; not null
     * @return the registers with the HWCAP words Windows' exposure amounts to ({@link #words})
     */
    public static AArch64Snapshot snapshot(Map<IdRegister, Long> registers, SnapshotSource source) {
        return snapshot(registers, words(registers), source);
    }

    /**
     * The snapshot of one processor's registers with the HWCAP words given (the live probe adds what Windows grants).
     *
     * @param registers the registers read; not null
     * @param words     the HWCAP words; not null
     * @param source    where they came from; not null
     * @return the snapshot, its ID-register source {@code registry}
     */
    public static AArch64Snapshot snapshot(Map<IdRegister, Long> registers, Map<HwcapWord, Long> words,
            SnapshotSource source) {
        Objects.requireNonNull(registers, "registers");
        Objects.requireNonNull(words, "words");
        Objects.requireNonNull(source, "source");
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(source).idSource(IdRegisterSource.REGISTRY);
        registers.forEach(b::register);
        words.forEach(b::hwcap);
        return b.build();
    }

    /**
     * The HWCAP words Windows' exposure amounts to (see the class): the features the registers show, less SVE and SME
     * and everything on their feature registers.
     *
     * @param registers the registers read; not null
     * @return HWCAP and HWCAP2
     */
    public static Map<HwcapWord, Long> words(Map<IdRegister, Long> registers) {
        Objects.requireNonNull(registers, "registers");
        AArch64Snapshot.Builder regs = AArch64Snapshot.builder(SnapshotSource.file("CentralProcessor registers")).idSource(
                IdRegisterSource.REGISTRY);
        registers.forEach(regs::register);
        AArch64Snapshot registersOnly = regs.build();
        Map<HwcapWord, Long> words = new EnumMap<>(HwcapWord.class);
        words.put(HwcapWord.HWCAP, 0L);
        words.put(HwcapWord.HWCAP2, 0L);
        for (AArch64Feature f : AArch64Feature.values()) {
            List<IdRegister> on = f.idRule().registers();
            boolean osState = f == AArch64Feature.SVE || f == AArch64Feature.SME || on.contains(IdRegister.ID_AA64ZFR0_EL1)
                    || on.contains(IdRegister.ID_AA64SMFR0_EL1);
            if (!f.idRule().kernelOnly() && !osState && f.idRule().holds(registersOnly)) {
                words.merge(f.word(), 1L << f.bit(), (a, b) -> a | b);
            }
        }
        return words;
    }
}
