package io.cpufeatures.buildsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * What a build did not test, said at its end: one line per module that skipped any test, with how many and why,
 * read from the test reports that module wrote in this build ({@code target/surefire-reports/TEST-*.xml} newer
 * than the build's start, so a module the build did not run says nothing). Under {@code CI=true} a test skipped
 * {@value HostTools#FOR_WANT_OF}a tool fails the build as well, since CI installs every tool.
 *
 * <p>Run as the build's last step: {@code SkippedTests ROOT START}, with ROOT the project's directory and START the
 * build's start as an ISO-8601 instant.
 */
public final class SkippedTests {

    /** The deepest directory below the root searched for reports ({@code consumer-tests/target/it/P/target/...}). */
    private static final int MAX_DEPTH = 8;

    private SkippedTests() {
    }

    /** One module's tests in this build: how many ran or were skipped, and each skip's reason with its count. */
    record Module(String name, int tests, Map<String, Integer> skipped) {

        int skippedCount() {
            int n = 0;
            for (int c : skipped.values()) {
                n += c;
            }
            return n;
        }

        int forWantOfTools() {
            int n = 0;
            for (Map.Entry<String, Integer> e : skipped.entrySet()) {
                if (e.getKey().startsWith(HostTools.FOR_WANT_OF)) {
                    n += e.getValue();
                }
            }
            return n;
        }

        /** {@return the module's line: "examples/zstd: 3 of 120 tests skipped: 3 for want of zstd (...)"} */
        String line() {
            List<Map.Entry<String, Integer>> reasons = new ArrayList<>(skipped.entrySet());
            reasons.sort((a, b) -> b.getValue() - a.getValue());
            StringBuilder s = new StringBuilder(name).append(": ").append(skippedCount()).append(" of ").append(tests)
                    .append(" tests skipped: ");
            for (int i = 0; i < reasons.size(); i++) {
                s.append(i == 0 ? "" : "; ").append(reasons.get(i).getValue()).append(' ').append(reasons.get(i).getKey());
            }
            return s.toString();
        }
    }

    /**
     * Prints the summary of the reports under {@code args[0]} written since {@code args[1]}.
     *
     * @throws IllegalStateException under {@code CI=true}, if a test was skipped for want of a tool
     */
    public static void main(String[] args) {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: SkippedTests ROOT START (START an ISO-8601 instant, e.g."
                    + " 2026-12-03T12:00:00Z); got " + args.length + " arguments");
        }
        Instant start;
        try {
            start = Instant.parse(args[1]);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("START '" + args[1] + "' is not an ISO-8601 instant such as"
                    + " 2026-12-03T12:00:00Z", e);
        }
        List<Module> modules = read(Path.of(args[0]), start);
        int tools = print(modules, System.out);
        if (tools > 0 && HostTools.ci()) {
            throw new IllegalStateException("CI=true and " + tools + " tests were skipped for want of a tool that"
                    + " .ci/run installs (see the lines above)");
        }
    }

    /** Prints one line per module that skipped a test; {@return how many were skipped for want of a tool} */
    static int print(List<Module> modules, PrintStream out) {
        int tools = 0;
        int skipped = 0;
        for (Module m : modules) {
            if (m.skippedCount() > 0) {
                if (skipped == 0) {
                    out.println("Skipped tests, by module:");
                }
                out.println("  " + m.line());
                skipped += m.skippedCount();
                tools += m.forWantOfTools();
            }
        }
        return tools;
    }

    /** The modules whose reports under {@code root} were written at or after {@code start}, by path. */
    static List<Module> read(Path root, Instant start) {
        // a report's time has whole seconds on some file systems, the start has milliseconds
        FileTime since = FileTime.from(start.getEpochSecond(), TimeUnit.SECONDS);
        Map<String, List<Path>> reports = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root, MAX_DEPTH)) {
            files.filter(p -> isReport(p) && modifiedSince(p, since)).forEach(p -> reports
                    .computeIfAbsent(moduleName(root, p), k -> new ArrayList<>()).add(p));
        } catch (IOException e) {
            throw new UncheckedIOException("reading the test reports under " + root + ": " + e.getMessage(), e);
        }
        List<Module> out = new ArrayList<>();
        for (Map.Entry<String, List<Path>> e : reports.entrySet()) {
            out.add(module(e.getKey(), e.getValue()));
        }
        return out;
    }

    private static boolean isReport(Path p) {
        String name = p.getFileName().toString();
        Path dir = p.getParent();
        return name.startsWith("TEST-") && name.endsWith(".xml") && dir != null
                && dir.getFileName().toString().equals("surefire-reports") && dir.getParent() != null
                && dir.getParent().getFileName().toString().equals("target") && !p.toString().contains("/.git/");
    }

    private static boolean modifiedSince(Path p, FileTime since) {
        try {
            return Files.getLastModifiedTime(p).compareTo(since) >= 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The module's directory relative to the root ({@code examples/zstd}), a project an integration test built
     * in it as {@code consumer-tests (vector-sum)}, or the root's name.
     */
    private static String moduleName(Path root, Path report) {
        Path module = report.getParent().getParent().getParent();
        String name = root.relativize(module).toString().replace('\\', '/');
        int it = name.indexOf("/target/it/");
        if (it >= 0) {
            name = name.substring(0, it) + " (" + name.substring(it + "/target/it/".length()) + ")";
        }
        return name.isEmpty() ? root.toAbsolutePath().normalize().getFileName().toString() : name;
    }

    private static Module module(String name, List<Path> reports) {
        int tests = 0;
        Map<String, Integer> skipped = new TreeMap<>();
        DocumentBuilder parser = parser();
        for (Path report : reports) {
            Document doc;
            try (InputStream in = Files.newInputStream(report)) {
                doc = parser.parse(in);
            } catch (IOException | SAXException e) {
                throw new IllegalStateException("test report " + report + " is not readable XML: " + e.getMessage(), e);
            }
            NodeList cases = doc.getElementsByTagName("testcase");
            tests += cases.getLength();
            for (int i = 0; i < cases.getLength(); i++) {
                NodeList skips = ((Element) cases.item(i)).getElementsByTagName("skipped");
                if (skips.getLength() > 0) {
                    skipped.merge(reason((Element) skips.item(0)), 1, Integer::sum);
                }
            }
        }
        return new Module(name, tests, skipped);
    }

    /** The skip's reason: the message, or the first line of the exception surefire kept, without its class name. */
    static String reason(Element skipped) {
        String text = skipped.getAttribute("message");
        if (text.isBlank()) {
            text = skipped.getTextContent().strip();
            int eol = text.indexOf('\n');
            text = eol < 0 ? text : text.substring(0, eol).strip();
        }
        for (String prefix : List.of("org.opentest4j.TestAbortedException:", "Assumption failed:")) {
            if (text.startsWith(prefix)) {
                text = text.substring(prefix.length()).strip();
            }
        }
        return text.isEmpty() ? "(no reason given)" : text;
    }

    private static DocumentBuilder parser() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setExpandEntityReferences(false);
            DocumentBuilder parser = f.newDocumentBuilder();
            // a damaged report is an exception with its position, not a line on stderr as well
            parser.setErrorHandler(new DefaultHandler());
            return parser;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}
