package io.cpufeatures.os;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The x86-64 ISA levels an ELF file says it needs: the {@code GNU_PROPERTY_X86_ISA_1_NEEDED} property of its
 * {@code NT_GNU_PROPERTY_TYPE_0} note, found through the {@code PT_GNU_PROPERTY} program header (or a
 * {@code PT_NOTE} one). GCC 11 and later write it with {@code -mneeded} (Debian's GCC 12 does not write it
 * for {@code -march=x86-64-v3} alone); glibc's loader reads the same bits for its {@code glibc-hwcaps}
 * checks. Sources: the x86-64 psABI, "Program Property" (GNU_PROPERTY_X86_ISA_1_NEEDED 0xc0008002, the
 * baseline, v2, v3 and v4 bits 0 to 3); binutils {@code include/elf/common.h}.
 *
 * <p>Only headers and one note segment are read, each bounded: a file that claims more program headers
 * or a larger note than any real library has, or offsets past its end, is refused with what was wrong.
 */
public final class ElfIsaNeeded {

    /** The architecture whose ELF files carry the property, as {@code CpuFeatures.architecture()} names it. */
    public static final String ARCHITECTURE = "x86_64";
    /** {@code PT_GNU_PROPERTY}. */
    static final int PT_GNU_PROPERTY = 0x6474e553;
    /** {@code PT_NOTE}. */
    static final int PT_NOTE = 4;
    /** {@code NT_GNU_PROPERTY_TYPE_0}. */
    static final int NT_GNU_PROPERTY_TYPE_0 = 5;
    /** {@code GNU_PROPERTY_X86_ISA_1_NEEDED}. */
    static final int X86_ISA_1_NEEDED = 0xc0008002;
    /** Program headers read at most; real libraries have about ten. */
    static final int MAX_PROGRAM_HEADERS = 256;
    /** A note segment read at most; the property note is tens of bytes. */
    static final int MAX_NOTE_BYTES = 64 << 10;
    /** The levels of the bits, in bit order, as the vocabulary's groups name them (the psABI's baseline is x86-64-v1). */
    private static final List<String> LEVELS = List.of("x86-64-v1", "x86-64-v2", "x86-64-v3", "x86-64-v4");

    private ElfIsaNeeded() {
    }

    /**
     * The ISA bits the ELF file whose first bytes are {@code start} says it needs: for a library not yet on
     * disk (a class-path resource), whose property note lies near its start as linkers place it.
     *
     * @param start the file's first bytes (or all of it); not null; its position and limit are not changed
     * @param name  what the bytes are, for errors; not null
     * @return the bits (1 baseline, 2 v2, 4 v3, 8 v4); empty when the file has no such property
     * @throws IOException naming {@code name} and what was wrong, for bytes that are not a 64-bit ELF file or whose
     *                     headers do not hold together; a header or note past
     *                     {@code start}'s end is reported as running past the end
     */
    public static OptionalInt read(ByteBuffer start, String name) throws IOException {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(name, "name");
        ByteBuffer all = start.duplicate();
        long size = all.remaining();
        int base = all.position();
        return read((offset, length, what) -> {
            check(offset, length, size, name, what);
            return all.slice(base + (int) offset, (int) length);
        }, name);
    }

    /** Reads {@code length} bytes at {@code offset}, refusing a range past the end with {@code what}. */
    private interface Region {
        ByteBuffer read(long offset, long length, String what) throws IOException;
    }

    private static OptionalInt read(Region file, String name) throws IOException {
        ByteBuffer ident = file.read(0, 64, "the ELF header");
        if (ident.getInt(0) != 0x7f454c46) {
            throw new IOException(name + ": not an ELF file (its first bytes are not 0x7f 'ELF')");
        }
        if (ident.get(4) != 2) {
            throw new IOException(name + ": not a 64-bit ELF file (EI_CLASS " + ident.get(4) + ", expected 2)");
        }
        ByteOrder order = switch (ident.get(5)) {
            case 1 -> ByteOrder.LITTLE_ENDIAN;
            case 2 -> ByteOrder.BIG_ENDIAN;
            default -> throw new IOException(name + ": EI_DATA " + ident.get(5) + " is neither 1 (little) nor 2 (big endian)");
        };
        ident.order(order);
        long phoff = ident.getLong(32);
        int phentsize = Short.toUnsignedInt(ident.getShort(54));
        int phnum = Short.toUnsignedInt(ident.getShort(56));
        if (phnum > MAX_PROGRAM_HEADERS || (phnum > 0 && phentsize < 56)) {
            throw new IOException(name + ": " + phnum + " program headers of " + phentsize + " bytes; at most "
                    + MAX_PROGRAM_HEADERS + " of at least 56 are read");
        }
        ByteBuffer ph = file.read(phoff, (long) phnum * phentsize, "the program headers").order(order);
        List<long[]> notes = new ArrayList<>();
        for (int i = 0; i < phnum; i++) {
            int type = ph.getInt(i * phentsize);
            if (type == PT_GNU_PROPERTY) {
                notes.add(0, new long[] {ph.getLong(i * phentsize + 8), ph.getLong(i * phentsize + 32)});
            } else if (type == PT_NOTE) {
                notes.add(new long[] {ph.getLong(i * phentsize + 8), ph.getLong(i * phentsize + 32)});
            }
        }
        for (long[] n : notes) {
            if (n[1] > MAX_NOTE_BYTES) {
                throw new IOException(name + ": a note segment of " + n[1] + " bytes; at most " + MAX_NOTE_BYTES
                        + " are read");
            }
            OptionalInt bits = isaNeeded(file.read(n[0], n[1], "a note segment").order(order), name);
            if (bits.isPresent()) {
                return bits;
            }
        }
        return OptionalInt.empty();
    }

    /**
     * The names of the levels {@code bits} sets, lowest first.
     *
     * @param bits the property's bits, as {@link #read} gives them
     * @return e.g. {@code [x86-64-v1, x86-64-v2, x86-64-v3]}, the vocabulary's group names
     */
    public static List<String> levels(int bits) {
        List<String> names = new ArrayList<>();
        for (int b = 0; b < LEVELS.size(); b++) {
            if ((bits & 1 << b) != 0) {
                names.add(LEVELS.get(b));
            }
        }
        return names;
    }

    /**
     * The names of the levels {@code bits} sets above the baseline, lowest first: what the file asks of a CPU
     * beyond what any 64-bit x86 process already runs on (x86-64-v1, the JVM's own floor).
     *
     * @param bits the property's bits, as {@link #read} gives them
     * @return e.g. {@code [x86-64-v2, x86-64-v3]}; empty for a file that needs the baseline only
     */
    public static List<String> levelsAboveBaseline(int bits) {
        return levels(bits & ~1);
    }

    /** The property in the notes of {@code seg}, if one of them is the GNU property note and holds it. */
    private static OptionalInt isaNeeded(ByteBuffer seg, String file) throws IOException {
        int pos = 0;
        while (seg.limit() - pos >= 12) {
            long namesz = Integer.toUnsignedLong(seg.getInt(pos));
            long descsz = Integer.toUnsignedLong(seg.getInt(pos + 4));
            int type = seg.getInt(pos + 8);
            long descStart = pos + 12 + align(namesz, 4);
            // the property note's descriptor is 8-aligned in a 64-bit file (psABI); others' 4-aligned
            long end = descStart + descsz;
            if (end > seg.limit()) {
                throw new IOException(file + ": a note of " + descsz + " bytes runs past its segment");
            }
            boolean gnu = namesz == 4 && seg.get(pos + 12) == 'G' && seg.get(pos + 13) == 'N' && seg.get(pos + 14) == 'U';
            if (gnu && type == NT_GNU_PROPERTY_TYPE_0) {
                long p = descStart;
                while (end - p >= 8) {
                    int prType = seg.getInt((int) p);
                    long prSize = Integer.toUnsignedLong(seg.getInt((int) p + 4));
                    if (p + 8 + prSize > end) {
                        throw new IOException(file + ": a property of " + prSize + " bytes runs past its note");
                    }
                    if (prType == X86_ISA_1_NEEDED && prSize >= 4) {
                        return OptionalInt.of(seg.getInt((int) p + 8));
                    }
                    p += 8 + align(prSize, 8);
                }
            }
            pos = (int) align(end, 4);
        }
        return OptionalInt.empty();
    }

    private static long align(long n, int to) {
        return (n + to - 1) & -to;
    }

    private static void check(long offset, long length, long size, String file, String what) throws IOException {
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            throw new IOException(file + ": " + what + " (" + length + " bytes at " + offset + ") runs past the end of the"
                    + " file (" + size + " bytes)");
        }
    }
}
