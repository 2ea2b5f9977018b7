package io.cpufeatures.cli;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A zsh completion function ({@code _cpufeatures}) written from the command model: the
 * subcommands with their descriptions, each one's options and parameters with theirs, files for
 * file arguments and the listed values where there are some. The default subcommand's options
 * ({@code report}'s) are offered before any subcommand too, as the command accepts them there.
 */
final class ZshCompletion {

    private ZshCompletion() {
    }

    /** The script for {@code root}, to put on {@code fpath} as {@code _NAME}. */
    static String script(CommandSpec root) {
        String name = root.name();
        String function = "_" + name.replaceAll("[^A-Za-z0-9_]", "_");
        StringBuilder sb = new StringBuilder();
        sb.append("#compdef ").append(name).append('\n');
        sb.append("# zsh completion for ").append(name).append(", generated from its command model by '").append(name)
                .append(" completion zsh'.\n\n");
        sb.append(function).append("() {\n");
        sb.append("  local curcontext=\"$curcontext\" state line\n");
        sb.append("  typeset -A opt_args\n");
        sb.append("  local -a commands\n");
        sb.append("  commands=(\n");
        for (CommandSpec sub : root.subcommands().values().stream().map(c -> c.getCommandSpec()).distinct().toList()) {
            sb.append("    ").append(quote(sub.name().replace(":", "\\:") + ":" + summary(sub.usageMessage().description())))
                    .append('\n');
        }
        sb.append("  )\n");
        sb.append("  _arguments -C -s \\\n");
        Set<String> seen = new LinkedHashSet<>();
        List<OptionSpec> top = new ArrayList<>(root.options());
        CommandSpec byDefault = root.subcommands().containsKey("report") ? root.subcommands().get("report").getCommandSpec() : null;
        if (byDefault != null) {
            top.addAll(byDefault.options());
        }
        for (OptionSpec o : top) {
            if (!o.hidden() && seen.add(String.join(",", o.names()))) {
                sb.append("    ").append(option(o)).append(" \\\n");
            }
        }
        sb.append("    '1: :->command' \\\n");
        sb.append("    '*:: :->args' && return\n");
        sb.append("  case $state in\n");
        sb.append("    command)\n");
        sb.append("      _describe -t commands ").append(quote(name + " command")).append(" commands\n");
        sb.append("      ;;\n");
        sb.append("    args)\n");
        sb.append("      case $words[1] in\n");
        for (CommandSpec sub : root.subcommands().values().stream().map(c -> c.getCommandSpec()).distinct().toList()) {
            sb.append("        ").append(sub.name()).append(")\n");
            sb.append("          _arguments -s \\\n");
            for (OptionSpec o : sub.options()) {
                if (!o.hidden()) {
                    sb.append("            ").append(option(o)).append(" \\\n");
                }
            }
            for (PositionalParamSpec p : sub.positionalParameters()) {
                if (!p.hidden()) {
                    sb.append("            ").append(positional(p)).append(" \\\n");
                }
            }
            sb.setLength(sb.length() - 3);
            sb.append('\n');
            sb.append("          ;;\n");
        }
        sb.append("      esac\n");
        sb.append("      ;;\n");
        sb.append("  esac\n");
        sb.append("}\n\n");
        sb.append(function).append(" \"$@\"\n");
        return sb.toString();
    }

    /** {@code '(-v --verbose)'{-v,--verbose}'[Log ...]'} or {@code '--cpuid-file=[Report ...]:FILE:_files'}. */
    private static String option(OptionSpec o) {
        String description = "[" + bracketed(summary(o.description())) + "]";
        String value = o.arity().max() == 0 ? "" : ":" + o.paramLabel().replace(":", "\\:") + ":" + action(o);
        String equals = o.arity().max() == 0 ? "" : "=";
        String[] names = o.names();
        if (names.length == 1) {
            return quote(names[0] + equals + description + value);
        }
        StringBuilder sb = new StringBuilder(quote("(" + String.join(" ", names) + ")")).append('{');
        for (int i = 0; i < names.length; i++) {
            sb.append(i == 0 ? "" : ",").append(names[i]).append(equals);
        }
        return sb.append('}').append(quote(description + value)).toString();
    }

    /** {@code '1:FEATURE: '}, or {@code '*:PATH:_files'} for a parameter that repeats. */
    private static String positional(PositionalParamSpec p) {
        String position = p.arity().max() > 1 || p.isMultiValue() ? "*" : String.valueOf(p.index().min() + 1);
        return quote(position + ":" + p.paramLabel().replace(":", "\\:") + ":" + action(p));
    }

    /** Files for a path, the listed values where there are some, else nothing to complete. */
    private static String action(ArgSpec a) {
        if (a.completionCandidates() != null) {
            List<String> values = new ArrayList<>();
            a.completionCandidates().forEach(values::add);
            return "(" + String.join(" ", values) + ")";
        }
        Class<?> type = a.type();
        if (Path.class.isAssignableFrom(type) || File.class.isAssignableFrom(type)
                || (a.auxiliaryTypes().length > 0 && Path.class.isAssignableFrom(a.auxiliaryTypes()[0]))) {
            return "_files";
        }
        return " ";
    }

    /** The first sentence of a description, on one line. */
    static String summary(String[] description) {
        String text = String.join(" ", description).replace("%n", " ").replace("%%", "%").replaceAll("\\s+", " ").strip();
        // A sentence ends at a full stop before a capital ("e.g. 0x7" goes on).
        for (int i = text.indexOf(". "); i >= 0 && i + 2 < text.length(); i = text.indexOf(". ", i + 1)) {
            if (Character.isUpperCase(text.charAt(i + 2))) {
                text = text.substring(0, i + 1);
                break;
            }
        }
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    /** Text inside an {@code _arguments} {@code [...]}: brackets, colons and backslashes escaped. */
    private static String bracketed(String text) {
        return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:");
    }

    /** {@code text} in single quotes for zsh. */
    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
