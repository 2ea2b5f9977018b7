package io.cpufeatures.dispatch.testing;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPoints;
import io.cpufeatures.dispatch.Requirements;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/** The engine of {@link ForEachCandidate}: one invocation per candidate, skipped where it cannot run. */
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
        String pointName = method.getAnnotation(ForEachCandidate.class).value();
        DispatchPoint<?> point = DispatchPoints.find(pointName).orElseThrow(() -> new IllegalArgumentException(
                "@ForEachCandidate(\"" + pointName + "\") on " + method + ": no dispatch point of that name is listed by a"
                        + " DispatchPointProvider on the class path; listed: "
                        + DispatchPoints.onClassPath().stream().map(DispatchPoint::name).toList()));
        CpuFeatures features = CpuFeatures.current();
        List<TestTemplateInvocationContext> contexts = new ArrayList<>();
        List<? extends Candidate<?>> order = new ArrayList<>(point.candidates());
        order.sort(Comparator.comparingInt((Candidate<?> c) -> c.priority()).reversed());
        for (Candidate<?> c : order) {
            List<Requirements.Unmet> unmet = c.requirements().check(features);
            contexts.add(invocation(point, c, unmet));
        }
        return contexts.stream();
    }

    private static TestTemplateInvocationContext invocation(DispatchPoint<?> point, Candidate<?> candidate,
            List<Requirements.Unmet> unmet) {
        return new TestTemplateInvocationContext() {
            private Object instance;

            @Override
            public String getDisplayName(int invocationIndex) {
                return "[" + candidate.name() + "]";
            }

            @Override
            public List<Extension> getAdditionalExtensions() {
                List<Extension> extensions = new ArrayList<>();
                extensions.add((ExecutionCondition) ctx -> unmet.isEmpty()
                        ? ConditionEvaluationResult.enabled(candidate.name() + " can run here")
                        : ConditionEvaluationResult.disabled(point.name() + "/" + candidate.name()
                                + " cannot run on this machine: " + unmet));
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
                            instance = candidate.create();
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
