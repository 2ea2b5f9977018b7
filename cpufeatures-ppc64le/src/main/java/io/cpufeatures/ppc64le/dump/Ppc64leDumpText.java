package io.cpufeatures.ppc64le.dump;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.KeyValueDump;
import io.cpufeatures.core.kit.KeyValueDump.Key;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The ppc64le dump format, written by {@code cpufeatures report --raw} on a ppc64le machine and read back
 * anywhere: the kit's key/value format ({@link KeyValueDump}) with these keys (docs/dump-formats.md):
 *
 * <pre>
 * cpufeatures-ppc64le-dump 1
 * cpu 0
 * hwcap 0xdc0065c2
 * hwcap2 0xbef00000
 * platform power9
 * base_platform power9
 * pvr 0x004e1202
 * </pre>
 *
 * {@code hwcap} and {@code hwcap2} (hex, required), {@code platform} and {@code base_platform} (a word, or
 * {@code absent}, the default), {@code pvr} (hex, or {@code absent}, the default).
 */
public final class Ppc64leDumpText {

    private static final Key PLATFORM_WORD = new Key("platform", false,
            Ppc64leSnapshot::isPlatformWord, "a word of letters, digits and _+.- (at most 32), or absent");

    /** The format. */
    public static final KeyValueDump<Ppc64leSnapshot> FORMAT = new KeyValueDump<>("cpufeatures-ppc64le-dump", 1,
            "ppc64le_dump", "cpufeatures ppc64le dump: the HWCAP words, the platform, the PVR (docs/dump-formats.md)",
            "the cpufeatures ppc64le dump ('cpufeatures-ppc64le-dump 1', then 'cpu 0', 'hwcap 0x...', 'hwcap2 0x...',"
                    + " as cpufeatures report --raw writes on ppc64le)", new Schema());

    private Ppc64leDumpText() {
    }

    /** The keys. */
    private static final class Schema implements KeyValueDump.Schema<Ppc64leSnapshot> {

        private static final Map<String, Key> KEYS = Map.of("hwcap", Key.hex("hwcap", true), "hwcap2", Key.hex("hwcap2", true),
                "platform", PLATFORM_WORD, "base_platform", new Key("base_platform", false, PLATFORM_WORD.valid(),
                        PLATFORM_WORD.expected()), "pvr", Key.hexOr("pvr", "absent"));

        @Override
        public Optional<Key> key(String name) {
            return Optional.ofNullable(KEYS.get(name));
        }

        @Override
        public List<String> required() {
            return List.of("hwcap", "hwcap2");
        }

        @Override
        public String accepted() {
            return "hwcap, hwcap2, platform, base_platform, pvr";
        }

        @Override
        public Ppc64leSnapshot build(Map<String, String> v, SnapshotSource source) {
            String pvr = v.getOrDefault("pvr", "absent");
            if (!pvr.equals("absent") && Key.hexValue(pvr) >>> 32 != 0) {
                throw new IllegalArgumentException("the PVR is 32 bits, not " + pvr);
            }
            return new Ppc64leSnapshot(Key.hexValue(v.get("hwcap")), Key.hexValue(v.get("hwcap2")), word(v, "platform"),
                    word(v, "base_platform"),
                    pvr.equals("absent") ? OptionalInt.empty() : OptionalInt.of((int) Key.hexValue(pvr)), source);
        }

        private static Optional<String> word(Map<String, String> v, String key) {
            return Optional.ofNullable(v.get(key)).filter(x -> !x.equals("absent"));
        }

        @Override
        public Map<String, String> values(Ppc64leSnapshot s) {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("hwcap", "0x" + Long.toHexString(s.hwcap()));
            m.put("hwcap2", "0x" + Long.toHexString(s.hwcap2()));
            m.put("platform", s.platform().orElse("absent"));
            m.put("base_platform", s.basePlatform().orElse("absent"));
            m.put("pvr", s.pvr().isPresent() ? String.format("0x%08x", s.pvr().getAsInt()) : "absent");
            return m;
        }
    }
}
