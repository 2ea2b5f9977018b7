package io.cpufeatures.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.Optional;

/**
 * Makes a candidate registered by class, and says in one line why one could not be made.
 *
 * <p>A candidate class is loaded when it is registered (its annotations are read then) but linked
 * only here, after it has been found eligible: linking verifies its code, and verifying code that
 * uses the Vector API loads {@code jdk.incubator.vector} classes, which throws
 * {@code NoClassDefFoundError} on a JVM started without {@code --add-modules jdk.incubator.vector}.
 * (A method reference {@code Impl::new} links {@code Impl} where it is evaluated, which is why
 * registration takes the class and not a factory.)
 */
final class Construction {

    private Construction() {
    }

    /**
     * A new instance of {@code impl} by its constructor without parameters, found with {@code lookup}
     * if given, else by reflection from this module.
     *
     * @throws LinkageError          if {@code impl} cannot be linked or initialised (a module is missing,
     *                               its static initialiser failed): rethrown as is
     * @throws IllegalStateException if it has no such constructor, or this module may not call it
     * @throws RuntimeException      what the constructor threw
     */
    static Object make(Class<?> impl, MethodHandles.Lookup lookup) {
        Constructor<?> c;
        try {
            c = impl.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(impl.getName() + " has no constructor without parameters;"
                    + " a candidate registered by class is made by that constructor");
        }
        if (lookup != null) {
            MethodHandle h;
            try {
                h = lookup.unreflectConstructor(c);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("the lookup given to the builder (" + lookup + ") cannot call the"
                        + " constructor of " + impl.getName() + ": " + e.getMessage());
            }
            try {
                return h.invoke();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(impl.getName() + "(): " + t, t);
            }
        }
        if (!c.trySetAccessible()) {
            Module ours = Construction.class.getModule();
            String us = ours.isNamed() ? "module " + ours.getName() : "the unnamed module";
            throw new IllegalStateException("the constructor of " + impl.getName() + " is not accessible to " + us
                    + ": make the class and its constructor public in an exported package, open package "
                    + impl.getPackageName() + " to " + (ours.isNamed() ? ours.getName() : "it")
                    + ", or give the builder MethodHandles.lookup()");
        }
        try {
            return c.newInstance();
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(impl.getName() + "(): " + cause, cause);
        } catch (InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException(impl.getName() + " cannot be instantiated: " + e);
        }
    }

    /**
     * One line on why a candidate could not be made: the error, and when a class of a module this
     * JVM did not resolve is missing, the option that resolves it
     * ({@code java.lang.NoClassDefFoundError: jdk/incubator/vector/Vector (module jdk.incubator.vector is
     * not resolved: start the JVM with --add-modules jdk.incubator.vector)}).
     */
    static String describe(Throwable e) {
        if (e instanceof NativeVariantException) {
            return e.getMessage();
        }
        String line = e.toString();
        for (Throwable t = e; t != null; t = t.getCause()) {
            Optional<String> module = unresolvedModuleOf(t);
            if (module.isPresent()) {
                return line + " (module " + module.get() + " is not resolved: start the JVM with --add-modules "
                        + module.get() + ")";
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return line;
    }

    /** The system module, absent from the boot layer, whose class {@code t} reports missing. */
    static Optional<String> unresolvedModuleOf(Throwable t) {
        if (!(t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException) || t.getMessage() == null) {
            return Optional.empty();
        }
        String name = t.getMessage().trim().replace('/', '.');
        if (name.contains(" ")) {
            return Optional.empty(); // "Could not initialize class X": a failed initialiser, not a missing class
        }
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            return Optional.empty();
        }
        String pkg = name.substring(0, dot);
        for (ModuleReference m : ModuleFinder.ofSystem().findAll()) {
            String module = m.descriptor().name();
            if (m.descriptor().packages().contains(pkg) && ModuleLayer.boot().findModule(module).isEmpty()) {
                return Optional.of(module);
            }
        }
        return Optional.empty();
    }
}
