package io.cpufeatures.examples.demo;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.examples.raid.XorGen;
import io.cpufeatures.examples.zstd.CopyKernels;
import io.cpufeatures.examples.zstd.HuffmanKernels;
import org.slf4j.LoggerFactory;

/**
 * Run in a fresh JVM: a library's first use comes from inside a logback appender, which holds the appender's monitor
 * ({@code AppenderBase.doAppend} is synchronized) while it runs. {@code args[0]} is the first use: {@code cpu} (the
 * CPU's first answer), {@code raid} (the RAID example's first xor, a point with Java and native candidates) or
 * {@code zstd} (the zstd example's two kernels); {@code args[1]} the root level, {@code DEBUG} or {@code INFO}. Prints
 * what the first use answered, then that a line logged after it reached the appender; a first use that waited for the
 * appender's monitor prints neither.
 */
public final class AppenderFirstUseMain {

    private AppenderFirstUseMain() {
    }

    /** An appender whose first event makes the library's first use. */
    static final class FirstUseAppender extends AppenderBase<ILoggingEvent> {
        private final String what;
        String answer;
        int events;

        FirstUseAppender(String what) {
            this.what = what;
        }

        @Override
        protected void append(ILoggingEvent event) {
            events++;
            if (answer == null) {
                answer = "pending";
                answer = firstUse(what);
            }
        }
    }

    static String firstUse(String what) {
        switch (what) {
            case "cpu" -> {
                CpuFeatures cpu = CpuFeatures.current();
                return cpu.architecture() + " " + cpu.source().kind().id();
            }
            case "raid" -> {
                byte[] dest = new byte[64];
                byte[][] srcs = {new byte[64], new byte[64]};
                srcs[0][3] = 5;
                srcs[1][3] = 6;
                XorGen.xorGen(dest, 0, srcs, 0, 64);
                return "xor=" + dest[3];
            }
            case "zstd" -> {
                return CopyKernels.selected().getClass().getSimpleName() + " "
                        + HuffmanKernels.selected().getClass().getSimpleName();
            }
            default -> throw new IllegalArgumentException("cpu, raid or zstd: " + what);
        }
    }

    public static void main(String[] args) {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.detachAndStopAllAppenders();
        root.setLevel(Level.toLevel(args[1]));
        FirstUseAppender appender = new FirstUseAppender(args[0]);
        appender.setContext(root.getLoggerContext());
        appender.start();
        root.addAppender(appender);
        LoggerFactory.getLogger("app").info("the application's first line");
        System.out.println("answer=" + appender.answer);
        int before = appender.events;
        LoggerFactory.getLogger("app").info("the application's second line");
        System.out.println("after=" + (appender.events > before));
    }
}
