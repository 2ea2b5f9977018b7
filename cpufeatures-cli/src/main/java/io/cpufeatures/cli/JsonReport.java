package io.cpufeatures.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
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
import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.x86.X86CpuInfo;
import io.cpufeatures.x86.feature.CpuIdentity;
import io.cpufeatures.x86.raw.Xcr0Source;
import java.util.List;
import java.util.Map;

/**
 * The report as JSON, with stable field names (documented in docs/cli.md). Feature names are the
 * canonical names. Built as a Jackson tree and written with Jackson's streaming generator: an
 * {@code ObjectMapper} would add a tenth of a second to the command's start-up.
 */
final class JsonReport {

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonReport() {
    }

    /** {@code {"source", "cpus", "jvm", "dispatch"}}; dispatch is that of the first CPU. */
    static ObjectNode report(Machine machine, JvmView jvm, List<DispatchReport> dispatch) {
        ObjectNode root = NODES.objectNode();
        root.set("source", source(machine.source()));
        ArrayNode cpus = root.putArray("cpus");
        for (int i = 0; i < machine.cpus().size(); i++) {
            ObjectNode cpu = cpu(machine.cpus().get(i));
            if (machine.cpus().size() > 1) {
                cpu.set("dispatch", dispatch(dispatch.get(i)));
            }
            cpus.add(cpu);
        }
        root.set("jvm", jvm(jvm));
        root.set("dispatch", dispatch(dispatch.get(0)));
        return root;
    }

    static ObjectNode source(ProbeSource s) {
        ObjectNode n = NODES.objectNode();
        n.put("kind", s.kind());
        n.put("detail", s.detail());
        ArrayNode failures = n.putArray("failures");
        for (ProbeFailure f : s.failures()) {
            ObjectNode fn = failures.addObject();
            fn.put("source", f.source());
            fn.put("reason", f.reason());
        }
        n.put("elapsedMicros", s.elapsed().toNanos() / 1000);
        return n;
    }

    static ObjectNode cpu(Machine.Cpu cpu) {
        ObjectNode n = NODES.objectNode();
        X86CpuInfo x86 = cpu.x86().orElse(null);
        if (x86 != null) {
            CpuIdentity id = x86.identity();
            n.put("vendor", id.vendor());
            n.put("brand", id.brand());
            n.put("family", id.family());
            n.put("model", id.model());
            n.put("stepping", id.stepping());
            n.put("signature", id.signatureHex());
            putOrNull(n, "microarchitecture", x86.microarchitecture().orElse(null));
            putOrNull(n, "hypervisor", x86.hypervisor().orElse(null));
            putOrNull(n, "xcr0", x86.xcr0().value().isPresent() ? "0x" + Long.toHexString(x86.xcr0().value().getAsLong()) : null);
            n.put("xcr0Source", xcr0Source(x86));
            n.put("level", x86.level().id());
            if (x86.avx10Version().isPresent()) {
                n.put("avx10Version", x86.avx10Version().getAsInt());
            }
        } else {
            n.put("architecture", cpu.features().architecture());
        }
        n.put("logicalCpus", cpu.logicalCpus());
        ArrayNode present = n.putArray("present");
        cpu.features().present().forEach(present::add);
        ArrayNode usable = n.putArray("usable");
        cpu.features().usable().forEach(usable::add);
        n.set("notUsable", reasons(cpu.features().notUsable()));
        ArrayNode policy = n.putArray("policy");
        cpu.features().policyFlags().forEach(policy::add);
        return n;
    }

    private static String xcr0Source(X86CpuInfo x86) {
        if (x86.xcr0().kernelChecked()) {
            return "kernel";
        }
        Xcr0Source s = x86.xcr0().source();
        return switch (s) {
            case XGETBV -> "xgetbv";
            case INFERRED_FROM_LEAF_0xD -> "inferred";
            case USER -> "user";
            case UNKNOWN -> "unknown";
        };
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

    static ObjectNode jvm(JvmView v) {
        ObjectNode n = NODES.objectNode();
        n.put("vm", v.vmName());
        n.put("version", System.getProperty("java.version"));
        n.put("hotspot", v.isHotSpot());
        ObjectNode flags = n.putObject("flags");
        v.flags().forEach(flags::put);
        ObjectNode vector = n.putObject("vectorApi");
        vector.put("readable", v.vectorApiReadable());
        if (v.preferredVectorBits().isPresent()) {
            vector.put("preferredBits", v.preferredVectorBits().getAsInt());
        } else {
            vector.putNull("preferredBits");
        }
        ArrayNode available = n.putArray("available");
        v.available().forEach(available::add);
        ArrayNode not = n.putArray("notAvailable");
        for (String name : JvmView.NAMES) {
            if (!v.has(name)) {
                ObjectNode r = not.addObject();
                r.put("feature", name);
                r.put("reason", v.reasons(name).get(0).kind().id());
                r.put("detail", v.reasons(name).get(0).detail());
            }
        }
        return n;
    }

    /** {@code {"raid.xor": {"selected": "vector512", "candidates": [{"name", "status", "reason"}]}}}. */
    static ObjectNode dispatch(DispatchReport report) {
        ObjectNode n = NODES.objectNode();
        for (DispatchReport.Entry e : report.points()) {
            ObjectNode p = n.putObject(e.point());
            putOrNull(p, "selected", e.selected().orElse(null));
            e.error().ifPresent(err -> p.put("error", err));
            ArrayNode candidates = p.putArray("candidates");
            e.explanation().ifPresent(x -> {
                for (CandidateReport c : x.candidates()) {
                    ObjectNode cn = candidates.addObject();
                    cn.put("name", c.name());
                    cn.put("status", c.status().name().toLowerCase());
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
