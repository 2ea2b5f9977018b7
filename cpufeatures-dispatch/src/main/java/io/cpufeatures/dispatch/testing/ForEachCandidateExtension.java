package io.cpufeatures.dispatch.testing;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPoints;
import io.cpufeatures.dispatch.Requirements;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * The engine of {@link ForEachCandidate}: one invocation per candidate, skipped or failed where it
 * cannot run as {@link WhenUnavailable} says.
 */
public final class ForEachCandidateExtension implements TestTemplateInvocationContextProvider {

    /** Created by JUnit. */
    public ForEachCandidateExtension() {
    }

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(m -> m.isAnnotationPresent(ForEachCandidate.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        ForEachCandidate annotation = method.getAnnotation(ForEachCandidate.class);
        String pointName = annotation.value();
        WhenUnavailable mode = annotation.whenUnavailable()
                .atLeast(WhenUnavailable.fromProperty(System.getProperty(WhenUnavailable.PROPERTY)));
        DispatchPoint<?> point = DispatchPoints.find(pointName).orElseThrow(() -> new IllegalArgumentException(
                "@ForEachCandidate(\"" + pointName + "\") on " + method + ": no dispatch point of that name is listed by a"
                        + " DispatchPointProvider on the class path; listed: "
                        + DispatchPoints.onClassPath().stream().map(DispatchPoint::name).toList()
                        + " (providers are listed in META-INF/services at compile time by io.cpufeatures:cpufeatures-processor"
                        + " on the annotation processor path, or in module-info by 'provides')"));
        CpuFeatures features = CpuFeatures.current();
        List<TestTemplateInvocationContext> contexts = new ArrayList<>();
        List<? extends Candidate<?>> order = new ArrayList<>(point.candidates());
        order.sort(Comparator.comparingInt((Candidate<?> c) -> c.priority()).reversed());
        for (Candidate<?> c : order) {
            List<Requirements.Unmet> unmet = c.requirements().check(features);
            contexts.add(invocation(point, c, unmet, mode));
        }
        return contexts.stream();
    }

    /**
     * Whether only the JVM stops a candidate: every unmet requirement is refused for a JVM reason (an any-of when
     * each of its alternatives is).
     */
    static boolean onlyTheJvmStops(List<Requirements.Unmet> unmet) {
        for (Requirements.Unmet u : unmet) {
            if (!onlyTheJvmRefuses(u)) {
                return false;
            }
        }
        return !unmet.isEmpty();
    }

    private static boolean onlyTheJvmRefuses(Requirements.Unmet u) {
        if (!u.alternatives().isEmpty()) {
            return u.alternatives().stream().allMatch(ForEachCandidateExtension::onlyTheJvmRefuses);
        }
        return !u.mustBeAbsent() && (u.reasons().isEmpty()
                ? u.name().startsWith("jvm.")
                : u.reasons().stream().map(Reason::kind).allMatch(k -> k == ReasonKind.JVM));
    }

    private static TestTemplateInvocationContext invocation(DispatchPoint<?> point, Candidate<?> candidate,
            List<Requirements.Unmet> unmet, WhenUnavailable mode) {
        String id = point.name() + "/" + candidate.name();
        boolean jvm = onlyTheJvmStops(unmet);
        boolean fail = !unmet.isEmpty() && (mode == WhenUnavailable.FAIL || mode == WhenUnavailable.FAIL_IF_JVM && jvm);
        return new TestTemplateInvocationContext() {
            private Object instance;

            @Override
            public String getDisplayName(int invocationIndex) {
                return "[" + candidate.name() + "]";
            }

            @Override
            public List<Extension> getAdditionalExtensions() {
                List<Extension> extensions = new ArrayList<>();
                if (fail) {
                    extensions.add((BeforeEachCallback) ctx -> {
                        throw new AssertionError(id + " cannot run on this " + (jvm ? "JVM" : "machine") + " and"
                                + " @ForEachCandidate demands it (" + mode + "): " + unmet);
                    });
                } else {
                    extensions.add((ExecutionCondition) ctx -> unmet.isEmpty()
                            ? ConditionEvaluationResult.enabled(candidate.name() + " can run here")
                            : ConditionEvaluationResult.disabled(id + " cannot run on this machine: " + unmet));
                }
                extensions.add(new ParameterResolver() {
                    @Override
                    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
                        Class<?> t = p.getParameter().getType();
                        return t == CandidateUnderTest.class || t.isAssignableFrom(point.type());
                    }

                    @Override
                    @SuppressWarnings({"unchecked", "rawtypes"})
                    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
                        if (instance == null) {
                            try {
                                instance = candidate.create();
                            } catch (RuntimeException | LinkageError failure) {
                                throw new ParameterResolutionException(id + " is eligible here but could not be made: "
                                        + Candidate.whyNotMade(failure), failure);
                            }
                        }
                        if (p.getParameter().getType() == CandidateUnderTest.class) {
                            return new CandidateUnderTest(candidate.name(), instance, candidate);
                        }
                        return instance;
                    }
                });
                return extensions;
            }
        };
    }
}
