package io.cpufeatures.aarch64.dump;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.KeyValueDump;
import io.cpufeatures.core.kit.KeyValueDump.Key;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The AArch64 dump format, written by {@code cpufeatures report --raw} on an arm64 machine and read
 * back anywhere ({@code --cpuid-file}, {@code fleet}): the kit's key/value format
 * ({@link KeyValueDump}) with these keys, documented in {@code docs/dump-formats.md}:
 *
 * <pre>
 * cpufeatures-aarch64-dump 1
 * cpu 0
 * hwcap 0x119ffb
 * hwcap2 0x0
 * hwcap3 absent
 * id_registers mrs
 * MIDR_EL1 0x414fd0c1
 * ID_AA64ISAR0_EL1 0x100010211120
 * sve_vector_bytes none
 * sme_vector_bytes none
 * apple_cpufamily none
 * </pre>
 *
 * {@code hwcap} and {@code hwcap2} (hex, required), {@code hwcap3} (hex or {@code absent}, default
 * absent), {@code id_registers} (how they were read: {@code mrs}, {@code sysfs}, {@code proc-cpuinfo},
 * {@code registry}, {@code sysctl} (macOS: not at all, its keys stand for them) or {@code none}, required), a line
 * per register read ({@link IdRegister} names, hex), {@code sve_vector_bytes} and {@code sme_vector_bytes} (decimal
 * or {@code none}, default none), {@code apple_cpufamily} (macOS's {@code hw.cpufamily}, hex or {@code none}, default
 * none; only with {@code id_registers sysctl}), {@code hwcap_unstated}, {@code hwcap2_unstated} and
 * {@code hwcap3_unstated} (hex, default none: the bits a macOS listing says nothing of, having no key for them; only
 * with {@code id_registers sysctl}).
 */
public final class AArch64DumpText {

    private static final List<String> KEYS = List.of("hwcap", "hwcap2", "hwcap3", "id_registers", "sve_vector_bytes",
            "sme_vector_bytes", "apple_cpufamily", "hwcap_unstated", "hwcap2_unstated", "hwcap3_unstated");

    private static final Map<String, Key> NAMED = Map.of(
            "hwcap_unstated", Key.hex("hwcap_unstated", false),
            "hwcap2_unstated", Key.hex("hwcap2_unstated", false),
            "hwcap3_unstated", Key.hex("hwcap3_unstated", false),
            "apple_cpufamily", new Key("apple_cpufamily", false, v -> v.equals("none") || v.matches("0x[0-9a-f]{1,8}"),
                    "'none' or 0x and 1 to 8 lower-case hex digits"),
            "hwcap", Key.hex("hwcap", true),
            "hwcap2", Key.hex("hwcap2", true),
            "hwcap3", Key.hexOr("hwcap3", "absent"),
            "id_registers", new Key("id_registers", true, v -> IdRegisterSource.of(v).isPresent(),
                    "mrs, sysfs, proc-cpuinfo, registry, sysctl or none"),
            "sve_vector_bytes", bytes("sve_vector_bytes"),
            "sme_vector_bytes", bytes("sme_vector_bytes"));

    /** The format. */
    public static final KeyValueDump<AArch64Snapshot> FORMAT = new KeyValueDump<>("cpufeatures-aarch64-dump", 1,
            "aarch64_dump", "cpufeatures AArch64 dump: HWCAP words, ID registers, vector lengths (docs/dump-formats.md)",
            "the cpufeatures AArch64 dump ('cpufeatures-aarch64-dump 1', then 'cpu 0', 'hwcap 0x...', 'hwcap2 0x...',"
                    + " 'id_registers mrs', 'MIDR_EL1 0x...', ... as cpufeatures report --raw writes on arm64)",
            new Schema());

    private AArch64DumpText() {
    }

    /** {@code hwcap_unstated}, {@code hwcap2_unstated}, {@code hwcap3_unstated}. */
    private static String unstatedKey(HwcapWord w) {
        return switch (w) {
            case HWCAP -> "hwcap_unstated";
            case HWCAP2 -> "hwcap2_unstated";
            case HWCAP3 -> "hwcap3_unstated";
        };
    }

    private static Key bytes(String name) {
        return new Key(name, false, v -> v.equals("none") || v.matches("[0-9]{1,4}"), "'none' or a decimal number of bytes");
    }

    /** The keys: the fixed ones, and one per ID register, named as {@link IdRegister} spells it. */
    private static final class Schema implements KeyValueDump.Schema<AArch64Snapshot> {

        @Override
        public Optional<Key> key(String name) {
            Key k = NAMED.get(name);
            if (k != null) {
                return Optional.of(k);
            }
            return IdRegister.named(name).filter(r -> name.equals(name.toUpperCase(Locale.ROOT)))
                    .map(r -> Key.hex(name, false));
        }

        @Override
        public List<String> required() {
            return List.of("hwcap", "hwcap2", "id_registers");
        }

        @Override
        public String accepted() {
            return String.join(", ", KEYS) + " and the registers " + Arrays.toString(IdRegister.values());
        }

        @Override
        public AArch64Snapshot build(Map<String, String> values, SnapshotSource source) {
            AArch64Snapshot.Builder b = AArch64Snapshot.builder(source)
                    .hwcap(HwcapWord.HWCAP, Key.hexValue(values.get("hwcap")))
                    .hwcap(HwcapWord.HWCAP2, Key.hexValue(values.get("hwcap2")))
                    .idSource(IdRegisterSource.of(values.get("id_registers")).orElseThrow());
            String h3 = values.getOrDefault("hwcap3", "absent");
            if (!h3.equals("absent")) {
                b.hwcap(HwcapWord.HWCAP3, Key.hexValue(h3));
            }
            values.forEach((k, v) -> IdRegister.named(k).filter(r -> r.name().equals(k))
                    .ifPresent(r -> b.register(r, Key.hexValue(v))));
            String sve = values.getOrDefault("sve_vector_bytes", "none");
            if (!sve.equals("none")) {
                b.sveVectorBytes(Integer.parseInt(sve));
            }
            String sme = values.getOrDefault("sme_vector_bytes", "none");
            if (!sme.equals("none")) {
                b.smeVectorBytes(Integer.parseInt(sme));
            }
            for (HwcapWord w : HwcapWord.values()) {
                String bits = values.get(unstatedKey(w));
                if (bits != null) {
                    b.unstated(w, Key.hexValue(bits));
                }
            }
            String family = values.getOrDefault("apple_cpufamily", "none");
            if (!family.equals("none")) {
                b.appleCpuFamily(Key.hexValue(family));
            }
            return b.build();
        }

        @Override
        public Map<String, String> values(AArch64Snapshot s) {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("hwcap", "0x" + Long.toHexString(s.hwcap()));
            m.put("hwcap2", "0x" + Long.toHexString(s.hwcap2()));
            m.put("hwcap3", s.hwcap3().isPresent() ? "0x" + Long.toHexString(s.hwcap3().getAsLong()) : "absent");
            m.put("id_registers", s.idSource().id());
            s.registers().forEach((r, v) -> m.put(r.name(), "0x" + Long.toHexString(v)));
            m.put("sve_vector_bytes", s.sveVectorBytes().isPresent() ? Integer.toString(s.sveVectorBytes().getAsInt()) : "none");
            m.put("sme_vector_bytes", s.smeVectorBytes().isPresent() ? Integer.toString(s.smeVectorBytes().getAsInt()) : "none");
            for (HwcapWord w : HwcapWord.values()) {
                if (s.unstated(w) != 0) {
                    m.put(unstatedKey(w), "0x" + Long.toHexString(s.unstated(w)));
                }
            }
            if (s.appleCpuFamily().isPresent()) {
                m.put("apple_cpufamily", "0x" + Long.toHexString(s.appleCpuFamily().getAsLong()));
            }
            return m;
        }

    }
}
