package io.cpufeatures.core.kit;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What decides a HotSpot VM's flags at start-up besides the CPU: the JDK's feature release and the {@code -XX} options
 * the VM was given, each flag's last value in the order the VM reads its sources ({@code JAVA_TOOL_OPTIONS}, then the
 * launcher's options, {@code JDK_JAVA_OPTIONS} first, then {@code _JAVA_OPTIONS}). The core makes it from the
 * process's command line and those variables only where they are the whole story; an architecture's rules
 * ({@link Architecture#hotSpotFlags}) turn it and the CPU's words into the flags' values.
 *
 * <p>A value is as the VM was given it: {@code true} or {@code false} for {@code -XX:+Name} and {@code -XX:-Name}, the
 * text after {@code =} for {@code -XX:Name=value}. The VM also takes numbers in hexadecimal and with size suffixes;
 * {@link #plain} tells a caller whether it can read a value without knowing those forms.
 */
public final class HotSpotStart {

    /**
     * The JDK feature releases whose start-up the architectures' rules model (each run and compared with the VM by
     * tests): a start of another release is answered with nothing.
     */
    public static final List<Integer> MODELLED_RELEASES = List.of(17, 25);

    /** The most digits {@link #plain} accepts: every value below a billion fits an {@code int}. */
    private static final int MAX_DIGITS = 9;

    private final int jdk;
    private final Map<String, String> options;

    /**
     * The start of a VM of JDK {@code jdk} given {@code options}.
     *
     * @param jdk     the JDK's feature release ({@code 17})
     * @param options each {@code -XX} flag given, by name, to its last value; not null
     */
    public HotSpotStart(int jdk, Map<String, String> options) {
        this.jdk = jdk;
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(options, "options")));
    }

    /**
     * The start of a VM of JDK {@code jdk} given {@code options} as a command line gives them, each flag's last value
     * kept: {@code -XX:+Name}, {@code -XX:-Name} or {@code -XX:Name=value}, a name of ASCII letters, digits and
     * underscores.
     *
     * @param jdk     the JDK's feature release
     * @param options the options, in order; not null
     * @return the start
     * @throws IllegalArgumentException naming the first option that is not of those forms, and the forms accepted
     */
    public static HotSpotStart parse(int jdk, List<String> options) {
        Map<String, String> flags = new LinkedHashMap<>();
        for (String o : options) {
            String name;
            String value;
            if (o.startsWith("-XX:+") || o.startsWith("-XX:-")) {
                name = o.substring(5);
                value = o.charAt(4) == '+' ? "true" : "false";
            } else if (o.startsWith("-XX:") && o.indexOf('=') > 4) {
                name = o.substring(4, o.indexOf('='));
                value = o.substring(o.indexOf('=') + 1);
            } else {
                name = "";
                value = "";
            }
            if (!flagName(name) || value.isEmpty()) {
                throw new IllegalArgumentException("'" + o + "' is not a HotSpot -XX option; accepted: -XX:+Name,"
                        + " -XX:-Name, -XX:Name=value (e.g. -XX:MaxVectorSize=16, -XX:-UseCompiler)");
            }
            flags.remove(name);
            flags.put(name, value);
        }
        return new HotSpotStart(jdk, flags);
    }

    private static boolean flagName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@return the options as a command line gives them, in order: {@code -XX:+Name}, {@code -XX:-Name},
     * {@code -XX:Name=value}}
     */
    public List<String> commandLine() {
        List<String> line = new java.util.ArrayList<>(options.size());
        for (Map.Entry<String, String> e : options.entrySet()) {
            String v = e.getValue();
            line.add(v.equals("true") ? "-XX:+" + e.getKey() : v.equals("false") ? "-XX:-" + e.getKey()
                    : "-XX:" + e.getKey() + "=" + v);
        }
        return List.copyOf(line);
    }

    /** {@return the JDK's feature release ({@code 17}, {@code 25})} */
    public int jdk() {
        return jdk;
    }

    /** {@return every {@code -XX} flag given, by name, to its last value; unmodifiable} */
    public Map<String, String> options() {
        return options;
    }

    /**
     * {@return whether {@code flag} was given}
     *
     * @param flag a flag's name, e.g. {@code MaxVectorSize}
     */
    public boolean given(String flag) {
        return options.containsKey(flag);
    }

    /**
     * {@return the value {@code flag} was given, as it was given; empty when it was not given}
     *
     * @param flag a flag's name
     */
    public Optional<String> value(String flag) {
        return Optional.ofNullable(options.get(flag));
    }

    /**
     * Whether {@code flag} reads without the VM's other number forms: not given, given as {@code true} or
     * {@code false}, or given as decimal digits (at most nine, no sign, no leading zero). A rule that reads a flag
     * given any other way ({@code 0x20}, {@code 1k}, {@code 032}) cannot be sure what the VM made of it.
     *
     * @param flag a flag's name
     * @return whether its value, if any, is plain
     */
    public boolean plain(String flag) {
        String v = options.get(flag);
        if (v == null || v.equals("true") || v.equals("false")) {
            return true;
        }
        if (v.isEmpty() || v.length() > MAX_DIGITS || (v.length() > 1 && v.charAt(0) == '0')) {
            return false;
        }
        for (int i = 0; i < v.length(); i++) {
            if (v.charAt(i) < '0' || v.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a rule that models the flags {@code modelled} can answer {@code wanted} for this start: every wanted flag
     * is one it models, and every flag it models is {@link #plain} (a flag given another way would leave its reading
     * of the others open).
     *
     * @param wanted   the flags asked for
     * @param modelled the flags the rule answers
     * @return whether the rule can answer
     */
    public boolean answers(Collection<String> wanted, Collection<String> modelled) {
        for (String n : wanted) {
            if (!modelled.contains(n)) {
                return false;
            }
        }
        for (String n : modelled) {
            if (!plain(n)) {
                return false;
            }
        }
        return true;
    }

    /**
     * A numeric flag's value.
     *
     * @param flag      a flag's name, {@link #plain} and given as digits if given at all
     * @param otherwise the value when it was not given (the VM's initial value)
     * @return the value given, or {@code otherwise}
     * @throws IllegalArgumentException if it was given as anything but plain digits
     */
    public int number(String flag, int otherwise) {
        String v = options.get(flag);
        if (v == null) {
            return otherwise;
        }
        if (!plain(flag) || v.equals("true") || v.equals("false")) {
            throw new IllegalArgumentException("-XX:" + flag + " was given as '" + v + "', not as plain decimal digits");
        }
        return Integer.parseInt(v);
    }

    /**
     * A boolean flag's value.
     *
     * @param flag      a flag's name
     * @param otherwise the value when it was not given (what the rule sets then)
     * @return the value given ({@code -XX:+flag} or {@code -XX:-flag}), or {@code otherwise}
     * @throws IllegalArgumentException if it was given a value other than {@code true} or {@code false}
     */
    public boolean bool(String flag, boolean otherwise) {
        String v = options.get(flag);
        if (v == null) {
            return otherwise;
        }
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException("-XX:" + flag + " was given as '" + v + "', not as -XX:+" + flag
                    + " or -XX:-" + flag);
        }
        return v.equals("true");
    }

    @Override
    public String toString() {
        return "HotSpotStart[JDK " + jdk + ", " + options + "]";
    }
}
