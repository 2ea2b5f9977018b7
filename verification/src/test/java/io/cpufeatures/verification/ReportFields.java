package io.cpufeatures.verification;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cpufeatures.core.CpuDescription.FactKind;
import io.cpufeatures.core.CpuDescription.Type;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.kit.NoCpuInformation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields a CPU of the JSON output has, as the architecture modules on the class path declare them
 * ({@link ArchitectureModule#facts()}), merged by key: docs/cli.md's table of them and the JSON Schema's
 * {@code $defs.cpu.properties} are generated from here, so a new fact is one declaration in its architecture.
 * Architectures in name order; a key two of them declare is one field, which must have one type.
 */
final class ReportFields {

    /** The properties of a CPU that are not an architecture's facts, in the schema's order after them. */
    private static final List<String> FIXED = List.of("logicalCpus", "present", "usable", "notUsable", "policy", "caches",
            "dispatch");

    private ReportFields() {
    }

    /** Each key's kind and the meanings the architectures give it, in order. */
    static Map<String, List<FactKind>> fields() {
        List<ArchitectureModule> providers = new ArrayList<>();
        io.cpufeatures.core.internal.Architectures.get().providers().forEach(providers::add);
        providers.sort(Comparator.comparing(ArchitectureModule::architecture));
        Map<String, List<FactKind>> fields = new LinkedHashMap<>();
        for (ArchitectureModule p : providers) {
            for (FactKind k : p.facts()) {
                List<FactKind> kinds = fields.computeIfAbsent(k.key(), x -> new ArrayList<>());
                if (!kinds.isEmpty() && !kinds.get(0).type().equals(k.type())) {
                    throw new IllegalStateException("the field " + k.key() + " is " + kinds.get(0).type() + " and " + k.type()
                            + " (" + p.architecture() + "); a field has one type in every architecture");
                }
                if (kinds.stream().noneMatch(x -> x.meaning().equals(k.meaning()))) {
                    kinds.add(k);
                }
            }
        }
        fields.put(NoCpuInformation.ARCHITECTURE.key(), List.of(NoCpuInformation.ARCHITECTURE));
        return fields;
    }

    /** The docs/cli.md rows: one per field, its meanings joined. */
    static String markdown() {
        StringBuilder sb = new StringBuilder("| field | meaning |\n|---|---|\n");
        fields().forEach((key, kinds) -> sb.append("| `cpus[].").append(key).append("` | ").append(String.join("; ",
                kinds.stream().map(k -> k.meaning().replace("|", "\\|")).toList())).append(" |\n"));
        return sb.toString();
    }

    /** {@code schema} with {@code $defs.cpu.properties} generated: the facts, then the fixed properties as they were. */
    static JsonNode withGeneratedCpu(JsonNode schema) {
        ObjectNode copy = schema.deepCopy();
        ObjectNode cpu = (ObjectNode) copy.path("$defs").path("cpu");
        JsonNode old = cpu.path("properties");
        ObjectNode properties = JsonNodeFactory.instance.objectNode();
        fields().forEach((key, kinds) -> properties.set(key, property(kinds)));
        for (String fixed : FIXED) {
            properties.set(fixed, old.path(fixed).deepCopy());
        }
        // Keep the members' order: description, type, required, properties, additionalProperties.
        ObjectNode rebuilt = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = cpu.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            rebuilt.set(e.getKey(), e.getKey().equals("properties") ? properties : e.getValue());
        }
        ((ObjectNode) copy.path("$defs")).set("cpu", rebuilt);
        return copy;
    }

    private static ObjectNode property(List<FactKind> kinds) {
        Type t = kinds.get(0).type();
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("description", String.join("; ", kinds.stream().map(FactKind::meaning).toList()));
        if (!t.values().isEmpty()) {
            ArrayNode values = p.putArray("enum");
            t.values().forEach(values::add);
            if (t.nullable()) {
                values.addNull();
            }
            return p;
        }
        if (t.nullable()) {
            p.putArray("type").add(t.json()).add("null");
        } else {
            p.put("type", t.json());
        }
        if (!t.pattern().isEmpty()) {
            p.put("pattern", "^(" + t.pattern() + ")$");
        }
        t.minimum().ifPresent(m -> p.put("minimum", Math.toIntExact(m)));
        return p;
    }
}
