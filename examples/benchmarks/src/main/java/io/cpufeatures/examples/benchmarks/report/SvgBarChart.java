package io.cpufeatures.examples.benchmarks.report;

import java.util.List;
import java.util.Locale;

/**
 * A grouped bar chart as a standalone SVG: one group per category, one bar per series, a y axis
 * from zero with labelled grid lines and a legend. Missing values (NaN) leave a gap.
 */
public final class SvgBarChart {

    /** One series: its legend label, colour and a value per category. */
    public record Series(String label, String colour, double[] values) {
    }

    private static final int WIDTH = 860;
    private static final int HEIGHT = 420;
    private static final int LEFT = 60;
    private static final int RIGHT = 230;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;

    private SvgBarChart() {
    }

    /** Renders the chart; {@code unit} labels the y axis. */
    public static String render(String title, String unit, List<String> categories, List<Series> series) {
        double max = 0;
        for (Series s : series) {
            for (double v : s.values()) {
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        double step = niceStep(max / 5);
        double top = Math.ceil(max / step) * step;
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, HEIGHT));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"15\" font-weight=\"bold\">%s</text>%n",
                LEFT, escape(title)));
        for (double y = 0; y <= top + 1e-9; y += step) {
            double py = TOP + plotH - y / top * plotH;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    LEFT, LEFT + plotW, py, py));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 6, py + 4, format(y)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\""
                + " text-anchor=\"middle\">%s</text>%n", TOP + plotH / 2, TOP + plotH / 2, escape(unit)));
        double groupW = (double) plotW / categories.size();
        double barW = groupW * 0.8 / series.size();
        for (int c = 0; c < categories.size(); c++) {
            double gx = LEFT + c * groupW + groupW * 0.1;
            for (int s = 0; s < series.size(); s++) {
                double v = series.get(s).values()[c];
                if (Double.isNaN(v)) {
                    continue;
                }
                double h = v / top * plotH;
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\""
                        + " fill=\"%s\"><title>%s: %s</title></rect>%n", gx + s * barW, TOP + plotH - h, barW - 1, h,
                        series.get(s).colour(), escape(series.get(s).label()), format(v)));
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    LEFT + c * groupW + groupW / 2, TOP + plotH + 20, escape(categories.get(c))));
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#333\"/>%n",
                LEFT, LEFT + plotW, TOP + plotH, TOP + plotH));
        for (int s = 0; s < series.size(); s++) {
            int ly = TOP + 10 + s * 20;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>%n",
                    LEFT + plotW + 16, ly, series.get(s).colour()));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", LEFT + plotW + 34, ly + 11,
                    escape(series.get(s).label())));
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static double niceStep(double raw) {
        if (raw <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }

    private static String format(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
