package io.cpufeatures.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Iterator;
import io.cpufeatures.core.ProbeFailure;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.HotSpotFeatureList;
import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.CandidateReport;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report model as JSON, with stable field names (documented in docs/cli.md, and described by
 * docs/cpufeatures-report.schema.json, which every kind of output is tested against). Every object
 * the command prints starts with {@code formatVersion}. Feature names are the canonical names; each
 * CPU's identity fields are its architecture module's description. Built as a Jackson tree and
 * written with Jackson's streaming generator: an {@code ObjectMapper} would add a tenth of a second
 * to the command's start-up.
 */
final class JsonReport {

    /**
     * The version of the format, {@code formatVersion} in every object: raised when a field changes
     * meaning or goes away; a field may be added without raising it.
     */
    static final int FORMAT_VERSION = 1;

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final CharacterEscapes TERMINAL_SAFE = new TerminalSafeEscapes();

    /**
     * JSON's own escapes, and DEL and the C1 controls (U+0080-U+009F) as {@code \\u00XX} too: JSON allows
     * them raw, but output read on a terminal that honours C1 would run U+009B as CSI, and a dump decides
     * what a brand string holds.
     */
    private static final class TerminalSafeEscapes extends CharacterEscapes {

        private static final long serialVersionUID = 1L;
        private final int[] ascii;

        TerminalSafeEscapes() {
            ascii = standardAsciiEscapesForJSON();
            ascii[0x7f] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch >= 0x80 && ch <= 0x9f ? new SerializedString(String.format("\\u%04X", ch)) : null;
        }
    }

    private JsonReport() {
    }

    /**
     * {@code {"formatVersion", "source", "cpus", "jvm", "dispatch"}}; dispatch is that of the machine (a
     * hybrid part's: every core type's).
     */
    static ObjectNode report(ReportModel model) {
        ObjectNode root = machine(versioned(), model);
        model.topology().ifPresent(t -> {
            ObjectNode n = root.putObject("topology");
            n.put("packages", t.packages());
            n.put("cores", t.cores());
            n.put("threads", t.threads());
            n.put("source", t.source());
        });
        root.set("jvm", jvm(model));
        root.set("dispatch", dispatch(model.dispatch()));
        return root;
    }

    /**
     * One line of {@code fleet --json}: {@code {"formatVersion", "file", "source", "cpus", "dispatch"}},
     * a report without the JVM running the command (the same on every line: {@code report --json} has it).
     */
    static ObjectNode fleetLine(String file, ReportModel model) {
        ObjectNode root = versioned();
        root.put("file", file);
        machine(root, model);
        // each line's machine with its own HotSpot, modelled
        root.set("jvm", jvm(model));
        root.set("dispatch", dispatch(model.dispatch()));
        return root;
    }

    /** The line of {@code fleet --json} for a file that could not be read: {@code {"formatVersion", "file", "error"}}. */
    static ObjectNode fleetError(String file, String error) {
        ObjectNode root = versioned();
        root.put("file", file);
        root.put("error", error);
        return root;
    }

    /**
     * One line of {@code check --json}: {@code {"formatVersion", "kind": "machine", "file", "cpus": [{"architecture", "summary",
     * "logicalCpus"}], "target", "runs", "missing", "verdict"?}} (the text line's verdict, when it does not run).
     */
    static ObjectNode checkLine(CheckCommand.Row row, String target) {
        ObjectNode root = versioned();
        root.put("kind", "machine");
        root.put("file", row.name());
        ArrayNode cpus = root.putArray("cpus");
        for (io.cpufeatures.core.CpuKind<CpuFeatures> k : row.kinds()) {
            ObjectNode c = cpus.addObject();
            c.put("architecture", k.cpu().architecture());
            c.put("summary", k.cpu().describe(k.logicalCpus()).summary());
            c.put("logicalCpus", k.logicalCpus());
        }
        root.put("target", target);
        root.put("runs", row.verdict().runs());
        ArrayNode missing = root.putArray("missing");
        row.verdict().missing().forEach(missing::add);
        if (!row.verdict().runs()) {
            root.put("verdict", row.verdict().text());
        }
        return root;
    }

    /** The line of {@code check --json} for a file that could not be read: {@code {"formatVersion", "kind": "error", "file", "error"}}. */
    static ObjectNode checkError(String file, String error) {
        ObjectNode root = versioned();
        root.put("kind", "error");
        root.put("file", file);
        root.put("error", error);
        return root;
    }

    /**
     * The last line of {@code check --json}: {@code {"formatVersion", "kind": "summary", "target", "machines", "run", "failed",
     * "best": [{"architecture", "machines", "level"?, "graalvm"?}]}}.
     */
    static ObjectNode checkSummary(String target, int machines, long run, int failed, List<CheckCommand.Best> best) {
        ObjectNode root = versioned();
        root.put("kind", "summary");
        root.put("target", target);
        root.put("machines", machines);
        root.put("run", run);
        root.put("failed", failed);
        ArrayNode all = root.putArray("best");
        for (CheckCommand.Best b : best) {
            ObjectNode n = all.addObject();
            n.put("architecture", b.architecture());
            n.put("machines", b.machines());
            b.level().ifPresent(l -> n.put("level", l));
            b.march().ifPresent(m -> n.put("graalvm", m));
        }
        return root;
    }

    /** What {@code dispatch --json} prints for one CPU: {@code {"formatVersion", "dispatch"}}. */
    static ObjectNode dispatchReport(DispatchReport report) {
        ObjectNode root = versioned();
        root.set("dispatch", dispatch(report));
        return root;
    }

    private static ObjectNode versioned() {
        ObjectNode root = NODES.objectNode();
        root.put("formatVersion", FORMAT_VERSION);
        return root;
    }

    /** Adds {@code "source"} and {@code "cpus"} to {@code root}. */
    private static ObjectNode machine(ObjectNode root, ReportModel model) {
        root.set("source", source(model.source()));
        if (model.kernel().isPresent()) {
            KernelWord k = model.kernel().get();
            ObjectNode n = root.putObject("kernelWord");
            if (k.refused() != null) {
                n.put("refused", k.refused());
            } else {
                ArrayNode cpuidOnly = n.putArray("cpuidOnly");
                k.cpuidOnly().forEach(cpuidOnly::add);
                ArrayNode kernelOnly = n.putArray("kernelOnly");
                k.kernelOnly().forEach(kernelOnly::add);
            }
        }
        ArrayNode cpus = root.putArray("cpus");
        for (ReportModel.CpuEntry entry : model.cpus()) {
            ObjectNode cpu = cpu(entry);
            if (model.cpus().size() > 1) {
                cpu.set("dispatch", dispatch(entry.dispatch()));
            }
            cpus.add(cpu);
        }
        return root;
    }

    static ObjectNode source(ProbeSource s) {
        ObjectNode n = NODES.objectNode();
        n.put("kind", s.kind().id());
        n.put("detail", s.detail());
        ArrayNode failures = n.putArray("failures");
        for (ProbeFailure f : s.failures()) {
            ObjectNode fn = failures.addObject();
            fn.put("source", f.source().id());
            fn.put("reason", f.reason());
        }
        n.put("elapsedMicros", s.elapsed().toNanos() / 1000);
        return n;
    }

    static ObjectNode cpu(ReportModel.CpuEntry entry) {
        ObjectNode n = NODES.objectNode();
        for (CpuDescription.Field f : entry.description().fields()) {
            Object v = f.value();
            if (v == null) {
                n.putNull(f.key());
            } else if (v instanceof Integer i) {
                n.put(f.key(), i);
            } else if (v instanceof Long l) {
                n.put(f.key(), l);
            } else {
                n.put(f.key(), (String) v);
            }
        }
        n.put("logicalCpus", entry.logicalCpus());
        CpuFeatures features = entry.features();
        ArrayNode present = n.putArray("present");
        features.present().forEach(present::add);
        ArrayNode usable = n.putArray("usable");
        features.usable().forEach(usable::add);
        n.set("notUsable", reasons(features.notUsable()));
        ArrayNode policy = n.putArray("policy");
        features.policyFlags().forEach(policy::add);
        ArrayNode caches = n.putArray("caches");
        features.caches().forEach(c -> caches.add(cache(c)));
        return n;
    }

    /** One cache: what the CPU reports of it, null where it reports nothing. */
    static ObjectNode cache(CpuCache c) {
        ObjectNode n = NODES.objectNode();
        n.put("name", c.name());
        n.put("level", c.level());
        n.put("type", c.type().name().toLowerCase(Locale.ROOT));
        n.put("size", c.size());
        putOrNull(n, "ways", c.ways());
        n.put("fullyAssociative", c.fullyAssociative());
        putOrNull(n, "lineBytes", c.lineBytes());
        putOrNull(n, "sets", c.sets());
        if (c.inclusive().isPresent()) {
            n.put("inclusive", c.inclusive().get());
        } else {
            n.putNull("inclusive");
        }
        putOrNull(n, "sharedBy", c.sharedBy());
        n.put("source", c.source());
        return n;
    }

    private static void putOrNull(ObjectNode n, String field, java.util.OptionalInt value) {
        if (value.isPresent()) {
            n.put(field, value.getAsInt());
        } else {
            n.putNull(field);
        }
    }

    static ArrayNode reasons(Map<String, List<Reason>> byName) {
        ArrayNode a = NODES.arrayNode();
        byName.forEach((name, reasons) -> {
            ObjectNode r = a.addObject();
            r.put("feature", name);
            r.put("reason", reasons.get(0).kind().id());
            r.put("detail", reasons.get(0).detail());
        });
        return a;
    }

    /** {@code jvm}: the model's JVM view and HotSpot's list on the machine. */
    static ObjectNode jvm(ReportModel model) {
        ObjectNode jvm = jvm(model.jvm());
        hotSpot(jvm, model.hotSpot());
        return jvm;
    }

    /**
     * HotSpot's {@code -Xlog:os+cpu} list on the machine: {@code hotspotFeatures} (null where not modelled, with
     * {@code hotspotFeaturesUnanswered} saying why), {@code hotspotFeaturesUnsure}, {@code hotspotRelease} and
     * {@code hotspotOptions}.
     */
    static void hotSpot(ObjectNode n, HotSpotFeatureList list) {
        if (list.unanswered().isPresent()) {
            n.putNull("hotspotFeatures");
            n.put("hotspotFeaturesUnanswered", list.unanswered().get());
        } else {
            ArrayNode names = n.putArray("hotspotFeatures");
            list.names().forEach(names::add);
            n.putNull("hotspotFeaturesUnanswered");
        }
        ArrayNode unsure = n.putArray("hotspotFeaturesUnsure");
        list.unsure().forEach((name, why) -> {
            ObjectNode u = unsure.addObject();
            u.put("feature", name);
            u.put("detail", why);
        });
        n.put("hotspotRelease", list.jdk());
    }

    static ObjectNode jvm(JvmView v) {
        ObjectNode n = NODES.objectNode();
        n.put("vm", v.vmName());
        boolean modelled = v.modelled();
        n.put("version", modelled && v.start().isPresent() ? Integer.toString(v.start().get().jdk())
                : System.getProperty("java.version"));
        n.put("modelled", modelled);
        n.put("flagSource", v.flagSource());
        ArrayNode options = n.putArray("hotspotOptions");
        v.start().ifPresent(s -> s.commandLine().forEach(options::add));
        n.put("hotspot", v.isHotSpot());
        ObjectNode flags = n.putObject("flags");
        v.flags().forEach(flags::put);
        ObjectNode vector = n.putObject("vectorApi");
        vector.put("readable", v.vectorApiReadable());
        vector.put("assumed", v.vectorApiAssumed());
        if (v.preferredVectorBits().isPresent()) {
            vector.put("preferredBits", v.preferredVectorBits().getAsInt());
        } else {
            vector.putNull("preferredBits");
        }
        if (v.derivedVectorBits().isPresent()) {
            vector.put("derivedBits", v.derivedVectorBits().getAsInt());
        } else {
            vector.putNull("derivedBits");
        }
        ArrayNode available = n.putArray("available");
        v.available().forEach(available::add);
        ArrayNode not = n.putArray("notAvailable");
        for (String name : v.names()) {
            if (!v.has(name)) {
                ObjectNode r = not.addObject();
                r.put("feature", name);
                r.put("reason", v.reasons(name).get(0).kind().id());
                r.put("detail", v.reasons(name).get(0).detail());
            }
        }
        return n;
    }

    /** {@code {"raid.xor": {"selected": "vector512", "basis": "requirements", "candidates": [{"name", "status", "reason"}]}}}. */
    static ObjectNode dispatch(DispatchReport report) {
        ObjectNode n = NODES.objectNode();
        for (DispatchReport.Entry e : report.points()) {
            ObjectNode p = n.putObject(e.point());
            putOrNull(p, "selected", e.selected().orElse(null));
            p.put("basis", report.basis().id());
            e.error().ifPresent(err -> p.put("error", err));
            e.explanation().flatMap(x -> x.coreScope()).ifPresent(scope -> p.put("chosenFor", scope));
            ArrayNode candidates = p.putArray("candidates");
            e.explanation().ifPresent(x -> {
                for (CandidateReport c : x.candidates()) {
                    ObjectNode cn = candidates.addObject();
                    cn.put("name", c.name());
                    cn.put("status", c.status().name().toLowerCase(Locale.ROOT));
                    cn.put("reason", String.join("; ", c.reasons()));
                }
            });
        }
        return n;
    }

    /** {@code node} as JSON text, indented when {@code pretty}, else on one line. */
    static String write(JsonNode node, boolean pretty) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(w)) {
            g.setCharacterEscapes(TERMINAL_SAFE);
            if (pretty) {
                g.useDefaultPrettyPrinter();
            }
            write(g, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private static void write(JsonGenerator g, JsonNode n) throws IOException {
        switch (n.getNodeType()) {
            case OBJECT -> {
                g.writeStartObject();
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    g.writeFieldName(e.getKey());
                    write(g, e.getValue());
                }
                g.writeEndObject();
            }
            case ARRAY -> {
                g.writeStartArray();
                for (JsonNode element : n) {
                    write(g, element);
                }
                g.writeEndArray();
            }
            case STRING -> g.writeString(n.textValue());
            case NUMBER -> g.writeNumber(n.longValue());
            case BOOLEAN -> g.writeBoolean(n.booleanValue());
            default -> g.writeNull();
        }
    }

    private static void putOrNull(ObjectNode n, String field, String value) {
        if (value == null) {
            n.putNull(field);
        } else {
            n.put(field, value);
        }
    }
}
