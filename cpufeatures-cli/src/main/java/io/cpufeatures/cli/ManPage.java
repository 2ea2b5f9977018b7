package io.cpufeatures.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The man page (section 1, man macros) written from the command model: the synopsis, description,
 * options and exit status of the command, then every subcommand with its synopsis, description,
 * parameters and options. What {@code --help} says is what the man page says.
 */
final class ManPage {

    private ManPage() {
    }

    /** The page of {@code root}, for {@code man -l -} or {@code man1/NAME.1}. */
    static String page(CommandSpec root, String version) {
        StringBuilder sb = new StringBuilder();
        String name = root.name();
        sb.append(".\\\" Generated from the command model by '").append(name).append(" man'; edit the command, not this page.\n");
        sb.append(".TH ").append(name.toUpperCase(java.util.Locale.ROOT)).append(" 1 \"\" \"")
                .append(escape(name + " " + version)).append("\" \"User Commands\"\n");
        sb.append(".SH NAME\n").append(escape(name)).append(" \\- ")
                .append(escape(ZshCompletion.summary(root.usageMessage().description()))).append('\n');
        sb.append(".SH SYNOPSIS\n");
        synopsis(sb, root);
        for (CommandSpec sub : subcommands(root)) {
            sb.append(".br\n");
            synopsis(sb, sub);
        }
        sb.append(".SH DESCRIPTION\n");
        paragraph(sb, root.usageMessage().description());
        sb.append(".PP\nWithout a subcommand, \\fB").append(escape(name)).append("\\fR runs \\fBreport\\fR;")
                .append(" the options of \\fBreport\\fR may be given before it.\n");
        options(sb, root);
        sb.append(".SH COMMANDS\n");
        for (CommandSpec sub : subcommands(root)) {
            sb.append(".SS \"").append(escape(sub.qualifiedName())).append("\"\n");
            paragraph(sb, sub.usageMessage().description());
            for (PositionalParamSpec p : sub.positionalParameters()) {
                if (!p.hidden()) {
                    sb.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n");
                    paragraph(sb, p.description());
                }
            }
            for (OptionSpec o : sub.options()) {
                if (!o.hidden()) {
                    option(sb, o);
                }
            }
        }
        String[] footer = root.usageMessage().footer();
        if (footer.length > 0) {
            sb.append(".SH \"EXIT STATUS\"\n");
            for (String line : footer) {
                String text = line.strip();
                int space = text.indexOf(' ');
                if (space > 0 && text.substring(0, space).chars().allMatch(Character::isDigit)) {
                    sb.append(".TP\n.B ").append(text, 0, space).append('\n').append(escape(text.substring(space).strip())).append('\n');
                } else if (!text.isEmpty()) {
                    sb.append(escape(text)).append('\n');
                }
            }
        }
        sb.append(".SH \"SEE ALSO\"\n");
        sb.append("\\fBjava\\fR(1); docs/cli.md, the JSON format and its schema docs/cpufeatures-report.schema.json\n");
        return sb.toString();
    }

    private static List<CommandSpec> subcommands(CommandSpec spec) {
        return spec.subcommands().values().stream().map(CommandLine::getCommandSpec).distinct().toList();
    }

    /** picocli's synopsis of {@code spec}, without colour, as one bold-named line. */
    private static void synopsis(StringBuilder sb, CommandSpec spec) {
        Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
        String line = help.synopsis(0).replaceAll("\\s+", " ").strip();
        String qualified = spec.qualifiedName();
        String rest = line.startsWith(qualified) ? line.substring(qualified.length()).strip() : line;
        sb.append("\\fB").append(escape(qualified)).append("\\fR ").append(escape(rest)).append('\n');
    }

    private static void options(StringBuilder sb, CommandSpec spec) {
        sb.append(".SH OPTIONS\n");
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                option(sb, o);
            }
        }
    }

    private static void option(StringBuilder sb, OptionSpec o) {
        sb.append(".TP\n");
        String[] names = o.names();
        for (int i = 0; i < names.length; i++) {
            sb.append(i == 0 ? "" : ", ").append("\\fB").append(escape(names[i])).append("\\fR");
        }
        if (o.arity().max() > 0) {
            sb.append(" \\fI").append(escape(o.paramLabel())).append("\\fR");
        }
        sb.append('\n');
        paragraph(sb, o.description());
    }

    /** A description as a paragraph: picocli's {@code %n} breaks lines, {@code %%} is a percent sign. */
    private static void paragraph(StringBuilder sb, String[] description) {
        String text = String.join(" ", description).replace("%%", "%");
        for (String line : text.split("%n")) {
            String l = line.strip();
            if (!l.isEmpty()) {
                sb.append(escape(l)).append('\n');
            }
        }
    }

    /**
     * Text safe in a man page: backslashes written {@code \e}, hyphens {@code \-} (so options copy as
     * ASCII), and a line that would start with a control character ({@code .} or {@code '}) guarded.
     */
    static String escape(String text) {
        String t = TerminalText.controlsEscaped(text).replace("\\", "\\e").replace("-", "\\-");
        return t.startsWith(".") || t.startsWith("'") ? "\\&" + t : t;
    }
}
