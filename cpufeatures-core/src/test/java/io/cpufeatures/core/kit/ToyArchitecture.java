package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.trace.Check;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A whole architecture in one file, for the kit's tests: five features, one OS check (a state word the
 * OS enables), one dependency chain, one erratum and one policy. What a third architecture supplies.
 */
public final class ToyArchitecture
        implements Architecture<ToyArchitecture.Toy, ToyArchitecture.ToyCpu> {

    /** The features: base, vec (needs OS state), wide (needs vec), crypt (erratum on model 7), solo. */
    enum Toy implements FeatureRow {
        BASE("base", "core"), VEC("vec", "vector", "simd"), WIDE("wide", "vector"), CRYPT("crypt", "crypto"),
        SOLO("solo", "core");

        private final FeatureNames names;

        Toy(String name, String family, String... aliases) {
            this.names = FeatureNames.of(name, family, aliases);
        }

        @Override
        public FeatureNames names() {
            return names;
        }

        @Override
        public String where() {
            return "bit " + ordinal();
        }
    }

    /** A toy CPU: which bits it reports, whether the OS enabled vector state, its model. */
    record ToyCpu(Set<Toy> bits, boolean vectorState, int model) implements CpuSnapshot {
        @Override
        public String architecture() {
            return "toy";
        }

        @Override
        public SnapshotSource source() {
            return SnapshotSource.emulated("toy model " + model);
        }
    }

    /** The toy's decoded CPU: its snapshot and the kit's answer. */
    static final class ToyInfo extends TableDecoding<Toy, ToyCpu> {
        ToyInfo(ToyCpu cpu, Set<Toy> disabled) {
            super(INSTANCE, cpu, cpu.bits(), disabled);
        }

        @Override
        public ToyCpu snapshot() {
            return cpu();
        }

        @Override
        protected CpuDescription ownDescription(int logicalCpus) {
            return new CpuDescription(List.of(MODEL.fact(cpu().model()).summarised("toy " + cpu().model())),
                    FEATURES.byFamily(usable()), List.of("wide"));
        }
    }

    public static final ToyArchitecture INSTANCE = new ToyArchitecture();
    static final RuleOrigin MANUAL = RuleOrigin.from("the toy manual");
    static final FeatureTable<Toy> FEATURES = FeatureTable.of(Toy.class, "a toy", List.of("core", "vector", "crypto"));
    static final DependencyTable<Toy> DEPENDENCIES = DependencyTable.of(FEATURES, List.of(
            DependencyRule.of(MANUAL, Toy.VEC, Toy.BASE), DependencyRule.of(MANUAL, Toy.WIDE, Toy.VEC),
            DependencyRule.ours(Toy.CRYPT, Toy.BASE, "crypt uses base registers")));
    static final OwnRules<Toy, ToyCpu> STATE = new OwnRules<>() {
        @Override
        public Reason refusal(Toy t, ToyCpu cpu) {
            return (t == Toy.VEC || t == Toy.WIDE) && !cpu.vectorState()
                    ? new Reason(ReasonKind.OS_SUPPORT, "the OS left vector state off") : null;
        }

        @Override
        public Check explain(Aspect aspect, ToyCpu cpu, Toy f, boolean present) {
            switch (aspect) {
                case PRESENCE:
                    return new Check("bit", FEATURES.where(f) + (present ? " set" : " clear"), present);
                case OS_STATE:
                    Reason r = refusal(f, cpu);
                    return new Check("OS", r == null ? "enabled" : r.detail(), r == null);
                case ABSENCE:
                    return new Check("", "the toy does not report " + FEATURES.where(f), false);
                default:
                    return new Check("", "toy model " + cpu.model(), true);
            }
        }
    };
    static final Erratum<Toy, ToyCpu> BROKEN_CRYPT = new Erratum<>("TOY-7", Set.of(Toy.CRYPT), "crypt returns garbage",
            "toy errata sheet", cpu -> cpu.model() == 7);
    static final PolicyRule<ToyCpu> PREFER_NARROW = new PolicyRule<>("prefer_narrow", "prefer narrow code", "model 9",
            "toy tuning guide", cpu -> cpu.model() == 9);
    static final CpuDescription.FactKind MODEL = new CpuDescription.FactKind("toyModel", "model", CpuDescription.Type.INTEGER,
            "the toy's model");

    @Override
    public ArchitectureTables<Toy, ToyCpu> tables() {
        return new ArchitectureTables<>("toy", FEATURES, DEPENDENCIES, STATE, List.of(BROKEN_CRYPT),
                List.of(PREFER_NARROW));
    }

    @Override
    public ToyInfo decode(ToyCpu cpu, Set<Toy> disabled) {
        return new ToyInfo(cpu, disabled);
    }

    static Map<String, List<String>> groups() {
        return Map.of("toy-all", List.of("base", "vec", "wide"));
    }

    static String lower(Toy t) {
        return t.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public Class<ToyCpu> snapshotType() {
        return ToyCpu.class;
    }

    @Override
    public Set<String> osArchs() {
        return Set.of("toy");
    }

    @Override
    public FeatureVocabulary vocabulary() {
        return Vocabularies.of("toy", FEATURES, List.of("prefer_narrow"), Map.of(), List.of(), Map.of(), "toy names");
    }

    @Override
    public List<CpuDescription.FactKind> facts() {
        return List.of(MODEL);
    }

    @Override
    public SnapshotFormat<ToyCpu> format() {
        throw new UnsupportedOperationException("the toy has no dump format");
    }

    @Override
    public Probed<ToyCpu> probe(io.cpufeatures.core.ProbeMode mode) {
        return Probed.of(new ToyCpu(Set.of(Toy.BASE), false, 1), io.cpufeatures.core.ProbeSource.of(
                io.cpufeatures.core.SourceKind.NATIVE, "the toy"));
    }
}
