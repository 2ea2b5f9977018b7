package io.cpufeatures.examples.raid;

import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.Selection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Guest side of the native variant checks: selects raid.xor.native in this process and prints {@code key=value}
 * lines: the candidate chosen, the variant the loaded library says it is, one xor's result checked against
 * Java's, every {@code libcpfxor.so} this process has mapped ({@code /proc/self/maps}), whether that one file is the
 * cached file given as the argument (the same file under another name), and why each other candidate was passed
 * over.
 */
final class NativeVariantGuest {

    private NativeVariantGuest() {
    }

    public static void main(String[] args) throws Exception {
        Selection<XorKernel> s = XorGen.NATIVE.selection();
        System.out.println("chosen=" + s.name());
        if (s.instance() instanceof NativeXor x) {
            System.out.println("variant=" + x.variant());
        }
        byte[][] src = {new byte[4099], new byte[4099], new byte[4099]};
        for (int i = 0; i < 4099; i++) {
            src[0][i] = (byte) i;
            src[1][i] = (byte) (i * 7);
            src[2][i] = (byte) (i >> 3);
        }
        byte[] expected = new byte[4099];
        byte[] actual = new byte[4099];
        new ScalarXor().gen(expected, 0, src, 0, 4099);
        s.instance().gen(actual, 0, src, 0, 4099);
        System.out.println("agrees=" + java.util.Arrays.equals(expected, actual));
        List<String> mapped = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            int at = line.indexOf('/');
            if (line.endsWith("/libcpfxor.so") && at >= 0 && !mapped.contains(line.substring(at))) {
                mapped.add(line.substring(at));
            }
        }
        System.out.println("mapped=" + String.join(",", mapped));
        // the file mapped lies in a load directory of this process's own: the cached file under another name
        if (mapped.size() == 1 && args.length == 1) {
            System.out.println("mappedIsCached=" + Files.isSameFile(Path.of(mapped.get(0)), Path.of(args[0])));
        }
        for (CandidateReport c : s.explain().candidates()) {
            System.out.println("why." + c.name() + "=" + String.join("; ", c.reasons()));
        }
    }
}
