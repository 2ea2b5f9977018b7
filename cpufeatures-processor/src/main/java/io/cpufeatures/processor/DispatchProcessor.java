package io.cpufeatures.processor;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.UnknownFeatureException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The cpufeatures annotation processor. On the annotation processor path of a library that
 * dispatches routines, it
 * <ul>
 *   <li>lists every public, concrete {@code DispatchPointProvider} with a public constructor without
 *       parameters in {@code META-INF/services/io.cpufeatures.dispatch.DispatchPointProvider}, merged
 *       with the entries already there whose classes still exist, so no hand-written file can be
 *       forgotten; a provider ServiceLoader could not make is a warning at the class;</li>
 *   <li>in a named module, requires the {@code provides io.cpufeatures.dispatch.DispatchPointProvider
 *       with ...} that the module path reads instead of that file (an error at the provider);</li>
 *   <li>rejects every name in {@code @RequiresFeature} ({@code value}, {@code anyOf}, {@code absent}) that no
 *       architecture module on the processor path knows (an error at the name, with the nearest known names: the
 *       run time's own message);</li>
 *   <li>checks each {@code @Implementation} class can be a candidate registered by class: a concrete
 *       class, static if nested, with a constructor without parameters, and a valid name; and warns
 *       when one uses {@code jdk.incubator.vector} types without requiring a {@code jvm.vector*}
 *       feature, so on a JVM without the module it would be found eligible and then fail to be made.</li>
 * </ul>
 * Feature names are resolved by {@link CpuFeatures#resolve}, with the vocabularies of the architecture
 * modules found on the processor path ({@code cpufeatures-x86} is a dependency of this artifact; add
 * others next to it).
 */
public final class DispatchProcessor extends AbstractProcessor {

    static final String PROVIDER = "io.cpufeatures.dispatch.DispatchPointProvider";
    static final String REQUIRES = "io.cpufeatures.dispatch.RequiresFeature";
    static final String REQUIRES_ALL = "io.cpufeatures.dispatch.RequiresFeatures";
    static final String IMPLEMENTATION = "io.cpufeatures.dispatch.Implementation";
    static final String SERVICES = "META-INF/services/" + PROVIDER;

    private static final Pattern NAME = Pattern.compile("[a-z0-9]+([._-][a-z0-9]+)*");

    private Elements elements;
    private Types types;
    private Messager messager;
    private Filer filer;
    /** The providers found in this compilation, by binary name. */
    private final SortedSet<String> providers = new TreeSet<>();
    /** Why feature names cannot be checked here, once known; empty when they can. */
    private Optional<String> vocabularyProblem;
    private boolean vocabularyProblemReported;

    /** Created by the compiler. */
    public DispatchProcessor() {
    }

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.messager = env.getMessager();
        this.filer = env.getFiler();
    }

    /** Every type: a provider needs no annotation to be listed. */
    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (round.processingOver()) {
            writeServices();
            return false;
        }
        TypeElement provider = elements.getTypeElement(PROVIDER);
        if (provider != null) {
            for (TypeElement t : ElementFilter.typesIn(round.getRootElements())) {
                findProviders(t, provider);
            }
        }
        TypeElement requires = elements.getTypeElement(REQUIRES);
        TypeElement requiresAll = elements.getTypeElement(REQUIRES_ALL);
        if (requires != null && requiresAll != null) {
            for (Element e : round.getElementsAnnotatedWithAny(requires, requiresAll)) {
                checkFeatureNames(e);
            }
        }
        TypeElement implementation = elements.getTypeElement(IMPLEMENTATION);
        if (implementation != null) {
            for (Element e : round.getElementsAnnotatedWith(implementation)) {
                checkImplementation(e);
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- providers

    private void findProviders(TypeElement t, TypeElement provider) {
        for (TypeElement nested : ElementFilter.typesIn(t.getEnclosedElements())) {
            findProviders(nested, provider);
        }
        if ((t.getKind() != ElementKind.CLASS && t.getKind() != ElementKind.RECORD)
                || t.getModifiers().contains(Modifier.ABSTRACT)
                || !types.isAssignable(types.erasure(t.asType()), types.erasure(provider.asType()))) {
            return;
        }
        if (!publiclyReachable(t)) {
            return; // not public: deliberately not a service
        }
        if (!hasConstructorWithoutParameters(t, true)) {
            messager.printMessage(Diagnostic.Kind.WARNING, t.getQualifiedName() + " implements " + PROVIDER
                    + " but has no public constructor without parameters, so ServiceLoader cannot make it: it is not"
                    + " listed in " + SERVICES + " and tools and @ForEachCandidate will not find its points", t);
            return;
        }
        providers.add(elements.getBinaryName(t).toString());
        ModuleElement module = elements.getModuleOf(t);
        if (module != null && !module.isUnnamed() && !declaresProvider(module, t)) {
            messager.printMessage(Diagnostic.Kind.ERROR, "module " + module.getQualifiedName() + " does not declare"
                    + " 'provides " + PROVIDER + " with " + t.getQualifiedName() + ";': in a named module ServiceLoader"
                    + " reads module-info, not " + SERVICES + ", so tools and @ForEachCandidate would not find its points", t);
        }
    }

    /** Public, and top-level or a static member of public classes all the way out. */
    private static boolean publiclyReachable(TypeElement t) {
        Element e = t;
        while (e instanceof TypeElement type) {
            if (!type.getModifiers().contains(Modifier.PUBLIC)) {
                return false;
            }
            if (type.getNestingKind() == NestingKind.TOP_LEVEL) {
                return true;
            }
            if (type.getNestingKind() != NestingKind.MEMBER || !type.getModifiers().contains(Modifier.STATIC)
                    && type.getKind() == ElementKind.CLASS) {
                return false;
            }
            e = type.getEnclosingElement();
        }
        return false;
    }

    private static boolean hasConstructorWithoutParameters(TypeElement t, boolean mustBePublic) {
        for (ExecutableElement c : ElementFilter.constructorsIn(t.getEnclosedElements())) {
            if (c.getParameters().isEmpty() && (!mustBePublic || c.getModifiers().contains(Modifier.PUBLIC))) {
                return true;
            }
        }
        return false;
    }

    private static boolean declaresProvider(ModuleElement module, TypeElement t) {
        for (ModuleElement.ProvidesDirective p : ElementFilter.providesIn(module.getDirectives())) {
            if (p.getService().getQualifiedName().contentEquals(PROVIDER)
                    && p.getImplementations().stream().anyMatch(i -> i.getQualifiedName().equals(t.getQualifiedName()))) {
                return true;
            }
        }
        return false;
    }

    /** Writes the providers found, with the entries already listed whose classes still exist. */
    private void writeServices() {
        SortedSet<String> all = new TreeSet<>(providers);
        boolean existed = false;
        try {
            FileObject old = filer.getResource(StandardLocation.CLASS_OUTPUT, "", SERVICES);
            try (InputStream in = old.openInputStream();
                 BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                existed = true;
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    String entry = line.replaceFirst("#.*", "").trim();
                    if (!entry.isEmpty() && elements.getTypeElement(entry.replace('$', '.')) != null) {
                        all.add(entry);
                    }
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            // no file yet
        }
        if (providers.isEmpty() && (!existed || all.isEmpty())) {
            return;
        }
        try {
            FileObject f = filer.createResource(StandardLocation.CLASS_OUTPUT, "", SERVICES);
            try (Writer w = f.openWriter()) {
                w.write("# Listed by io.cpufeatures:cpufeatures-processor: every public DispatchPointProvider compiled here.\n");
                for (String p : all) {
                    w.write(p);
                    w.write('\n');
                }
            }
        } catch (IOException e) {
            messager.printMessage(Diagnostic.Kind.ERROR, "cannot write " + SERVICES + ": " + e.getMessage());
        }
    }

    // ---------------------------------------------------------------- feature names

    /** Checks every name of every @RequiresFeature on {@code e}, directly or repeated. */
    private void checkFeatureNames(Element e) {
        String owner = e instanceof TypeElement t ? elements.getBinaryName(t).toString() : e.toString();
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            String type = annotationType(m);
            if (type.equals(REQUIRES)) {
                checkFeatureNames(e, m, m, owner);
            } else if (type.equals(REQUIRES_ALL)) {
                for (AnnotationValue v : arrayValue(m, "value")) {
                    if (v.getValue() instanceof AnnotationMirror nested) {
                        checkFeatureNames(e, m, nested, owner);
                    }
                }
            }
        }
    }

    private void checkFeatureNames(Element e, AnnotationMirror written, AnnotationMirror requires, String owner) {
        for (String attribute : List.of("value", "anyOf", "absent")) {
            for (AnnotationValue v : arrayValue(requires, attribute)) {
                if (!(v.getValue() instanceof String name)) {
                    continue;
                }
                if (!vocabularyUsable(e, written)) {
                    return;
                }
                try {
                    CpuFeatures.resolve(name, "@RequiresFeature of " + owner + "." + attribute);
                } catch (UnknownFeatureException unknown) {
                    messager.printMessage(Diagnostic.Kind.ERROR, unknown.getMessage(), e, written, v);
                }
            }
        }
    }

    /** Whether names can be resolved here; if not, one error says why (at the first name met). */
    private boolean vocabularyUsable(Element e, AnnotationMirror m) {
        if (vocabularyProblem == null) {
            vocabularyProblem = vocabularyProblem();
        }
        if (vocabularyProblem.isPresent() && !vocabularyProblemReported) {
            vocabularyProblemReported = true;
            messager.printMessage(Diagnostic.Kind.ERROR, vocabularyProblem.get(), e, m);
        }
        return vocabularyProblem.isEmpty();
    }

    /** Why no feature name can be checked here: no architecture module, or their vocabularies fail to load. */
    private static Optional<String> vocabularyProblem() {
        List<String> architectures;
        try {
            architectures = CpuFeatures.architectures();
            CpuFeatures.resolve("jvm.vector_api", "cpufeatures-processor");
        } catch (RuntimeException | LinkageError failure) {
            return Optional.of("cpufeatures-processor cannot load the feature vocabularies, so @RequiresFeature names"
                    + " cannot be checked: " + failure);
        }
        if (architectures.isEmpty()) {
            return Optional.of("cpufeatures-processor found no architecture module on the annotation processor path, so"
                    + " @RequiresFeature names cannot be checked: add io.cpufeatures:cpufeatures-x86 (and any other"
                    + " architecture module the library uses) next to it");
        }
        return Optional.empty();
    }

    // ---------------------------------------------------------------- implementations

    private void checkImplementation(Element e) {
        if (!(e instanceof TypeElement t)) {
            return;
        }
        AnnotationMirror impl = mirror(t, IMPLEMENTATION).orElseThrow();
        String what = t.getQualifiedName().toString();
        if (t.getKind() != ElementKind.CLASS && t.getKind() != ElementKind.RECORD
                || t.getModifiers().contains(Modifier.ABSTRACT)) {
            messager.printMessage(Diagnostic.Kind.ERROR, what + " is " + (t.getModifiers().contains(Modifier.ABSTRACT)
                    ? "abstract" : "a" + (t.getKind() == ElementKind.INTERFACE || t.getKind() == ElementKind.ENUM ? "n " : " ")
                    + t.getKind().toString().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
                    + "; an @Implementation is a class a dispatch point can make", t, impl);
            return;
        }
        if (t.getNestingKind() == NestingKind.MEMBER && !t.getModifiers().contains(Modifier.STATIC)
                && t.getKind() == ElementKind.CLASS) {
            messager.printMessage(Diagnostic.Kind.ERROR, what + " is an inner class: its constructors take the outer"
                    + " instance, so a dispatch point cannot make it; make it static", t, impl);
            return;
        }
        if (!hasConstructorWithoutParameters(t, false)) {
            messager.printMessage(Diagnostic.Kind.ERROR, what + " has no constructor without parameters; a candidate"
                    + " registered by class is made by it", t, impl);
        }
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v : impl.getElementValues().entrySet()) {
            if (v.getKey().getSimpleName().contentEquals("name") && v.getValue().getValue() instanceof String name
                    && !NAME.matcher(name).matches()) {
                messager.printMessage(Diagnostic.Kind.ERROR, "candidate name '" + name + "' of " + what + " must be lower"
                        + " case letters and digits, separated by '.', '_' or '-'", t, impl, v.getValue());
            }
        }
        Optional<String> vectorUse = vectorUse(t);
        if (vectorUse.isPresent() && !requiresVector(t)) {
            messager.printMessage(Diagnostic.Kind.WARNING, what + " uses jdk.incubator.vector (" + vectorUse.get()
                    + ") but requires no jvm.vector* feature: on a JVM without --add-modules jdk.incubator.vector it is"
                    + " found eligible and then cannot be made; add \"jvm.vector_api\", or the width it needs"
                    + " (\"jvm.vector256\"), to its @RequiresFeature", t, impl);
        }
    }

    /** Where {@code t}'s declarations name a Vector API type (a field, a method's signature, a supertype), if they do. */
    private Optional<String> vectorUse(TypeElement t) {
        if (mentionsVector(t.getSuperclass())) {
            return Optional.of("extends " + t.getSuperclass());
        }
        for (TypeMirror i : t.getInterfaces()) {
            if (mentionsVector(i)) {
                return Optional.of("implements " + i);
            }
        }
        for (VariableElement f : ElementFilter.fieldsIn(t.getEnclosedElements())) {
            if (mentionsVector(f.asType())) {
                return Optional.of("field " + f.getSimpleName() + ": " + f.asType());
            }
        }
        for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
            if (mentionsVector(m.getReturnType())) {
                return Optional.of("method " + m.getSimpleName() + " returns " + m.getReturnType());
            }
            for (VariableElement p : m.getParameters()) {
                if (mentionsVector(p.asType())) {
                    return Optional.of("method " + m.getSimpleName() + " takes " + p.asType());
                }
            }
        }
        return Optional.empty();
    }

    private boolean mentionsVector(TypeMirror type) {
        if (type instanceof ArrayType a) {
            return mentionsVector(a.getComponentType());
        }
        if (type instanceof WildcardType w) {
            return w.getExtendsBound() != null && mentionsVector(w.getExtendsBound())
                    || w.getSuperBound() != null && mentionsVector(w.getSuperBound());
        }
        if (type.getKind() != TypeKind.DECLARED) {
            return false;
        }
        DeclaredType d = (DeclaredType) type;
        TypeElement e = (TypeElement) d.asElement();
        if (elements.getPackageOf(e).getQualifiedName().toString().equals("jdk.incubator.vector")) {
            return true;
        }
        return d.getTypeArguments().stream().anyMatch(this::mentionsVector);
    }

    /** Whether {@code t} requires a {@code jvm.vector*} name, directly or through a meta-annotation. */
    private boolean requiresVector(TypeElement t) {
        List<AnnotationMirror> found = new ArrayList<>();
        for (AnnotationMirror m : t.getAnnotationMirrors()) {
            found.add(m);
            found.addAll(m.getAnnotationType().asElement().getAnnotationMirrors());
        }
        for (AnnotationMirror m : found) {
            String type = annotationType(m);
            List<AnnotationMirror> requires = new ArrayList<>();
            if (type.equals(REQUIRES)) {
                requires.add(m);
            } else if (type.equals(REQUIRES_ALL)) {
                for (AnnotationValue v : arrayValue(m, "value")) {
                    if (v.getValue() instanceof AnnotationMirror nested) {
                        requires.add(nested);
                    }
                }
            }
            for (AnnotationMirror r : requires) {
                for (AnnotationValue v : arrayValue(r, "value")) {
                    if (v.getValue() instanceof String name && isVectorGate(name)) {
                        return true;
                    }
                }
                // an any-of requires a vector gate only if every alternative is one
                List<AnnotationValue> anyOf = arrayValue(r, "anyOf");
                if (!anyOf.isEmpty() && anyOf.stream().allMatch(v -> v.getValue() instanceof String name
                        && isVectorGate(name))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isVectorGate(String name) {
        try {
            FeatureName n = CpuFeatures.resolve(name, "cpufeatures-processor");
            return n.canonical().startsWith("jvm.vector")
                    || n.members().stream().anyMatch(x -> x.startsWith("jvm.vector"));
        } catch (RuntimeException | LinkageError e) {
            return name.trim().toLowerCase(java.util.Locale.ROOT).replace('_', '.').startsWith("jvm.vector");
        }
    }

    // ---------------------------------------------------------------- annotation values

    private static String annotationType(AnnotationMirror m) {
        return ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().toString();
    }

    private static Optional<AnnotationMirror> mirror(Element e, String type) {
        return e.getAnnotationMirrors().stream().filter(m -> annotationType(m).equals(type))
                .map(m -> (AnnotationMirror) m).findFirst();
    }

    /** The elements of array attribute {@code name} as written (empty when it is not given). */
    private static List<AnnotationValue> arrayValue(AnnotationMirror m, String name) {
        Map<String, AnnotationValue> values = new LinkedHashMap<>();
        m.getElementValues().forEach((k, v) -> values.put(k.getSimpleName().toString(), v));
        AnnotationValue v = values.get(name);
        if (v == null) {
            return List.of();
        }
        if (v.getValue() instanceof List<?> list) {
            List<AnnotationValue> out = new ArrayList<>();
            for (Object o : list) {
                out.add((AnnotationValue) o);
            }
            return out;
        }
        return List.of(v);
    }
}
