package io.cpufeatures.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version of the build the command comes from, for {@code --version}: Maven writes it into
 * {@code build.properties} beside this class when it builds the module, so a jar, a shaded jar and
 * the classes directory of a test run all print the version of the POM they were built from.
 */
final class BuildVersion implements IVersionProvider {

    private static final String RESOURCE = "build.properties";

    /** For picocli. */
    BuildVersion() {
    }

    /** The build's version, e.g. {@code 0.1.0-SNAPSHOT}. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing beside " + BuildVersion.class.getName()
                        + ": the command was not built by Maven");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"cpufeatures " + version()};
    }
}
