package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link NativeManifest}: the entries of a manifest, and each malformed one refused in one line naming its line. */
class NativeManifestTest {

    private static final String A = "a".repeat(64);
    private static final String B = "0123456789abcdef".repeat(4);

    @Test
    void entriesAreReadInOrderWithWhateverLineEndsAndCommentsBetween() throws Exception {
        String text = NativeManifest.HEADER + "\r\n# PLATFORM/VARIANT/FILE SHA-256 NEEDS\r\n\r\n"
                + "linux-x86_64/x86-64-v3/libxor.so\t" + A + "   x86-64-v3\r"
                + "  windows-x86_64/jni/cpufeatures-probe.dll " + B.toUpperCase() + " -\n";
        NativeManifest m = NativeManifest.read("m.variants", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, m.entries().size());
        NativeManifest.Entry first = m.entries().get(0);
        assertEquals(List.of("linux-x86_64", "x86-64-v3", "libxor.so", A, "x86-64-v3", "native variants manifest m.variants:4"),
                List.of(first.platform(), first.variant(), first.file(), first.sha256(), first.needs(), first.where()));
        assertEquals("linux-x86_64/x86-64-v3/libxor.so", first.path());
        NativeManifest.Entry dll = m.entry("windows-x86_64", "jni");
        assertEquals(B, dll.sha256(), "lower-cased");
        assertEquals("native variants manifest m.variants lists no linux-aarch64/jni (it lists linux-x86_64/x86-64-v3,"
                + " windows-x86_64/jni)", assertThrows(IllegalArgumentException.class,
                        () -> m.entry("linux-aarch64", "jni")).getMessage());
    }

    @Test
    void eachMalformedManifestIsRefusedNamingItsLine() {
        String h = NativeManifest.HEADER + "\n";
        assertEquals("native variants manifest m:1: the first line must be '# cpufeatures native variants 1'",
                refusal("# cpufeatures native variants 2\n"));
        assertEquals("native variants manifest m:2: 'linux-x86_64/v/libx.so " + A + "' has 2 fields; a variant is"
                + " PLATFORM/VARIANT/FILE SHA-256 NEEDS", refusal(h + "linux-x86_64/v/libx.so " + A));
        assertEquals("native variants manifest m:2: 'linux-x86_64/libx.so' is not PLATFORM/VARIANT/FILE",
                refusal(h + "linux-x86_64/libx.so " + A + " -"));
        assertEquals("native variants manifest m:2: 'linux-x86_64/v/a/libx.so' is not PLATFORM/VARIANT/FILE",
                refusal(h + "linux-x86_64/v/a/libx.so " + A + " -"));
        assertEquals("native variants manifest m:2: unknown platform 'linux-riscv64'; a platform is OS-ARCH with OS linux,"
                + " macos, windows or freebsd and ARCH x86_64, aarch64 or ppc64le", refusal(h + "linux-riscv64/v/l.so " + A + " -"));
        assertEquals("native variants manifest m:2: variant name 'V3' must be lower-case letters and digits, separated"
                + " by '.', '_' or '-'", refusal(h + "linux-x86_64/V3/l.so " + A + " -"));
        assertEquals("native variants manifest m:2: '.hidden' is not a plain file name",
                refusal(h + "linux-x86_64/v/.hidden " + A + " -"));
        assertEquals("native variants manifest m:2: 'abc' is not a SHA-256 (64 hexadecimal digits)",
                refusal(h + "linux-x86_64/v/l.so abc -"));
        assertEquals("native variants manifest m:3: variant linux-x86_64/v is listed twice",
                refusal(h + "linux-x86_64/v/l.so " + A + " -\nlinux-x86_64/v/m.so " + A + " -"));
        StringBuilder many = new StringBuilder(h);
        for (int i = 0; i <= NativeManifest.MAX_ENTRIES; i++) {
            many.append("linux-x86_64/v").append(i).append("/l.so ").append(A).append(" -\n");
        }
        assertEquals("native variants manifest m:258: more than 256 variants", refusal(many.toString()));
    }

    @Test
    void aMissingOrHugeManifestIsRefusedAndNoMoreThanItsBoundIsRead() {
        assertEquals("native variants manifest m is not on the class path", assertThrows(IllegalArgumentException.class,
                () -> NativeManifest.read("m", null)).getMessage());
        byte[] huge = new byte[NativeManifest.MAX_BYTES + 2];
        ByteArrayInputStream in = new ByteArrayInputStream(huge);
        assertEquals("native variants manifest m is larger than 64 KiB; a manifest lists at most 256 variants",
                assertThrows(IllegalArgumentException.class, () -> NativeManifest.read("m", in)).getMessage());
        assertEquals(1, in.available(), "read no further than one byte past the bound");
    }

    @Test
    void theNamesRuleIsOneForPointsCandidatesAndVariants() {
        for (String ok : List.of("raid.xor", "x86-64-v3", "a", "sve2_128")) {
            assertEquals(true, NativeManifest.validName(ok), ok);
        }
        for (String bad : List.of("", "A", "-a", "a-", "a..b", "a b", "ä")) {
            assertEquals(false, NativeManifest.validName(bad), bad);
        }
    }

    private static String refusal(String text) {
        return assertThrows(IllegalArgumentException.class, () -> NativeManifest.parse("m", text)).getMessage();
    }
}
