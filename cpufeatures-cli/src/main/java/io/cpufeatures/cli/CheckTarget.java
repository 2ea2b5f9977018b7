package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.UnknownFeatureException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code check} asks of a CPU: for each architecture the target is built for, the features it requires, each by
 * the target's own name for it ({@code shown}: a psABI level's and a {@code features:} list's are the library's,
 * {@code graalvm:}'s are GraalVM's, a pasted HotSpot line's are HotSpot's) and the library's ({@code feature}).
 *
 * @param given          the target as given
 * @param byArchitecture the library's architecture ({@code x86_64}) to what it requires there, in the target's order
 */
record CheckTarget(String given, Map<String, List<CheckTarget.Required>> byArchitecture) implements Target {

    /** Where the library's names are listed, for errors. */
    static final String NAMES_LISTED = "docs/features.md";

    /** The longest target read: a pasted error text with every name of JVMCI's list is under 2,000 characters. */
    static final int MAX_TARGET_CHARS = 16_384;

    /** The longest name looked up; longer is unknown at once. */
    private static final int MAX_NAME_CHARS = 64;

    /** How many unknown names an error line shows. */
    private static final int SHOWN_UNKNOWN = 12;

    /** The forms of a target, for errors and help. */
    static final String FORMS = "x86-64-v1..v4, graalvm:MARCH, features:NAME,..., features:'<glibc's, GraalVM's or"
            + " HotSpot's error text>', aot:MACHINE";

    /**
     * One feature a target requires.
     *
     * @param shown   the target's name for it
     * @param feature the library's canonical name
     */
    record Required(String shown, String feature) {
    }

    CheckTarget {
        Map<String, List<Required>> copy = new LinkedHashMap<>();
        byArchitecture.forEach((a, r) -> copy.put(a, List.copyOf(r)));
        byArchitecture = Collections.unmodifiableMap(copy);
    }

    /** GraalVM's start-up message: the bracketed list after "required by the image:". */
    private static final Pattern GRAALVM = Pattern.compile("required by the image:\\s*\\[([^\\]]*)\\]");
    /** HotSpot's AOT cache log: the quoted list after "cpu features that are required:". */
    private static final Pattern HOTSPOT = Pattern.compile("cpu features that are required:\\s*\"?([^\"\\n]*)");
    private static final Pattern LEVEL = Pattern.compile("x86-64-v[1-4]");
    /** glibc's loader on a CPU below the ISA level it was built for: "Fatal glibc error: CPU does not support x86-64-v3". */
    private static final Pattern GLIBC = Pattern.compile("CPU does not support (x86-64-v[1-4])\\b");

    /**
     * Reads a target other than {@code aot:}.
     *
     * @throws CliFailure exit 2 for a form, value or name not accepted, naming what is
     */
    static CheckTarget parse(String text) {
        if (text.length() > MAX_TARGET_CHARS) {
            throw new CliFailure(CliFailure.USAGE, "--target: " + text.length() + " characters; a target is a level, a"
                    + " -march value, a list of names or a pasted error text, at most " + MAX_TARGET_CHARS + " characters");
        }
        if (LEVEL.matcher(text).matches()) {
            return new CheckTarget(text, Map.of(GraalVmMarch.X86_64, library(List.of(text), "--target")));
        }
        if (text.startsWith("graalvm:")) {
            Map<String, List<Required>> by = new LinkedHashMap<>();
            for (GraalVmMarch.March m : GraalVmMarch.of(text.substring("graalvm:".length()))) {
                by.put(m.architecture(), m.features().stream()
                        .map(f -> new Required(f, GraalVmMarch.libraryName(m.architecture(), f).orElseThrow())).toList());
            }
            return new CheckTarget(text, by);
        }
        if (text.startsWith("features:")) {
            return features(text, text.substring("features:".length()));
        }
        throw new CliFailure(CliFailure.USAGE, "--target " + text.lines().findFirst().orElse("") + ": not a target;"
                + " accepted: " + FORMS);
    }

    /** A {@code features:} target: pasted glibc, GraalVM or HotSpot text, or the library's names. */
    private static CheckTarget features(String given, String list) {
        Matcher glibc = GLIBC.matcher(list);
        if (glibc.find()) {
            return new CheckTarget(given, Map.of(GraalVmMarch.X86_64, library(List.of(glibc.group(1)), "features")));
        }
        Matcher g = GRAALVM.matcher(list);
        if (g.find()) {
            return new CheckTarget(given, graalVm(pasted(names(g.group(1)), "GraalVM's message")));
        }
        Matcher h = HOTSPOT.matcher(list);
        if (h.find()) {
            return new CheckTarget(given, Map.of(GraalVmMarch.X86_64, hotSpot(pasted(names(h.group(1)),
                    "HotSpot's AOT log line"))));
        }
        List<String> names = names(list);
        if (names.isEmpty()) {
            throw new CliFailure(CliFailure.USAGE, "features: names no feature; give the library's names (" + NAMES_LISTED
                    + "), GraalVM's message or HotSpot's AOT log line");
        }
        List<Required> required = library(names, "features");
        // the architectures every name is defined on: aes alone is x86's and aarch64's
        Set<String> archs = null;
        for (String n : names) {
            List<String> a = CpuFeatures.resolve(n, "features").architectures();
            if (archs == null) {
                archs = new LinkedHashSet<>(a);
            } else {
                archs.retainAll(a);
            }
        }
        if (archs.isEmpty()) {
            throw new CliFailure(CliFailure.USAGE, "features:" + list + ": no architecture has all of these names;"
                    + " give one architecture's (" + NAMES_LISTED + ")");
        }
        Map<String, List<Required>> by = new LinkedHashMap<>();
        for (String a : archs) {
            by.put(a, required);
        }
        return new CheckTarget(given, by);
    }

    /** {@code names} of a pasted text, refused when there are none: an empty list requires nothing, so proves nothing. */
    private static List<String> pasted(List<String> names, String what) {
        if (names.isEmpty()) {
            throw new CliFailure(CliFailure.USAGE, "features: " + what + " lists no feature; paste the text with its"
                    + " list of names, or give the library's names (" + NAMES_LISTED + ")");
        }
        return names;
    }

    /** The names of a list separated by commas or white space, without quotes. */
    private static List<String> names(String list) {
        List<String> out = new ArrayList<>();
        for (String n : list.split("[,\\s]+")) {
            String s = n.replace("\"", "").replace("'", "");
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }

    /** The library's names, groups expanded to their members; jvm.* names and policy flags are not the CPU's. */
    private static List<Required> library(List<String> names, String where) {
        List<Required> out = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String n : names) {
            if (n.length() > MAX_NAME_CHARS) {
                // no feature's name is this long: not worth the closest names' search
                unknown.add(n.substring(0, MAX_NAME_CHARS) + "...");
                continue;
            }
            FeatureName f;
            try {
                f = CpuFeatures.resolve(n, where);
            } catch (UnknownFeatureException e) {
                unknown.add(n);
                continue;
            }
            switch (f.kind()) {
                case FEATURE -> out.add(new Required(f.canonical(), f.canonical()));
                case GROUP -> f.members().forEach(m -> out.add(new Required(m, m)));
                default -> unknown.add(n + " (a " + f.kind().name().toLowerCase(Locale.ROOT)
                        + " name, not a CPU feature)");
            }
        }
        refuse(unknown, where, "the library's names are listed in " + NAMES_LISTED);
        return out.stream().distinct().toList();
    }

    /** GraalVM's names, of AMD64 or of AArch64, whichever table has them all. */
    private static Map<String, List<Required>> graalVm(List<String> names) {
        for (String arch : List.of(GraalVmMarch.X86_64, GraalVmMarch.AARCH64)) {
            if (GraalVmMarch.names(arch).keySet().containsAll(names)) {
                return Map.of(arch, names.stream()
                        .map(n -> new Required(n, GraalVmMarch.libraryName(arch, n).orElseThrow())).toList());
            }
        }
        List<String> unknown = names.stream().filter(n -> !GraalVmMarch.names(GraalVmMarch.X86_64).containsKey(n)
                && !GraalVmMarch.names(GraalVmMarch.AARCH64).containsKey(n)).toList();
        refuse(unknown.isEmpty() ? List.of(String.join(" ", names) + " (AMD64's and AArch64's names mixed)") : unknown,
                "features: GraalVM's list", "accepted: JVMCI's AMD64 names (CX8, SSE4_1, AVX512_VNNI, ...; not HT,"
                        + " TSCINV, TSCINV_BIT, APX_F, AVX10_*), or AArch64's " + String.join(" ",
                        GraalVmMarch.names(GraalVmMarch.AARCH64).keySet()));
        throw new AssertionError();
    }

    /** HotSpot's x86 names. */
    private static List<Required> hotSpot(List<String> names) {
        List<Required> out = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String n : names) {
            CpuFeatures.fromHotSpotName(GraalVmMarch.X86_64, n).ifPresentOrElse(f -> out.add(new Required(n, f)),
                    () -> unknown.add(n));
        }
        refuse(unknown, "features: HotSpot's list", "accepted: the x86 names of HotSpot's -Xlog:os+cpu line (JDK 17, 25)"
                + " that stand for one CPUID bit, in lower case (sse4.1, avx2, clmul); not ht, tscinv, apx_f, avx10_*");
        return out;
    }

    private static void refuse(List<String> unknown, String where, String accepted) {
        if (unknown.size() > SHOWN_UNKNOWN) {
            List<String> shown = new ArrayList<>(unknown.subList(0, SHOWN_UNKNOWN));
            shown.add("and " + (unknown.size() - SHOWN_UNKNOWN) + " more");
            unknown = shown;
        }
        if (!unknown.isEmpty()) {
            throw new CliFailure(CliFailure.USAGE, where + ": unknown " + (unknown.size() == 1 ? "name " : "names ")
                    + String.join(", ", unknown) + "; " + accepted);
        }
    }

    /** {@return the verdict for one CPU: what of the target its usable features lack} */
    @Override
    public Verdict judge(CpuFeatures cpu) {
        List<Required> required = byArchitecture.get(cpu.architecture());
        if (required == null) {
            String targets = String.join(" or ", byArchitecture.keySet().stream().map(CheckTarget::shown).toList());
            String machine = shown(cpu.architecture());
            return Verdict.refused(article(targets) + " " + targets + " target on " + article(machine) + " " + machine
                    + " machine");
        }
        List<String> missing = new ArrayList<>();
        for (Required r : required) {
            if (!cpu.has(r.feature())) {
                missing.add(r.shown());
            }
        }
        return Verdict.missing(missing);
    }

    /** {@return "an" before a name said with a vowel first ({@code an x86-64}, {@code an aarch64}), else "a"} */
    static String article(String name) {
        return "aeiox".indexOf(name.charAt(0)) >= 0 ? "an" : "a";
    }

    /** An architecture as people write it: {@code x86-64}, {@code aarch64}. */
    static String shown(String architecture) {
        return architecture.equals(GraalVmMarch.X86_64) ? "x86-64" : architecture;
    }
}
