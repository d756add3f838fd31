package dev.brokerbench.app.report;

import java.util.ArrayList;
import java.util.List;

/** A table rendered either as aligned console text or as Markdown; numeric-looking cells are right-aligned. */
public final class TextTable {
    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(List<String> headers) {
        this.headers = List.copyOf(headers);
    }

    public TextTable add(List<String> row) {
        if (row.size() != headers.size()) {
            throw new IllegalArgumentException("row has " + row.size() + " cells, table has " + headers.size());
        }
        rows.add(List.copyOf(row));
        return this;
    }

    public List<String> headers() {
        return headers;
    }

    public List<List<String>> rows() {
        return List.copyOf(rows);
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public String console() {
        int[] widths = widths();
        StringBuilder sb = new StringBuilder();
        line(sb, headers, widths, false);
        int total = 0;
        for (int w : widths) {
            total += w + 2;
        }
        sb.append("-".repeat(Math.max(0, total - 2))).append(System.lineSeparator());
        for (List<String> row : rows) {
            line(sb, row, widths, true);
        }
        return sb.toString();
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder("| ").append(String.join(" | ", headers)).append(" |\n|");
        for (int i = 0; i < headers.size(); i++) {
            sb.append(numericColumn(i) ? "---:|" : "---|");
        }
        sb.append('\n');
        for (List<String> row : rows) {
            sb.append("| ").append(String.join(" | ", row.stream().map(c -> c.replace("|", "\\|")).toList()))
                    .append(" |\n");
        }
        return sb.toString();
    }

    private int[] widths() {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        return widths;
    }

    private void line(StringBuilder sb, List<String> cells, int[] widths, boolean alignNumbers) {
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            boolean right = alignNumbers && numericColumn(i);
            String pad = " ".repeat(widths[i] - cell.length());
            sb.append(right ? pad + cell : cell + (i == cells.size() - 1 ? "" : pad));
            if (i < cells.size() - 1) {
                sb.append("  ");
            }
        }
        sb.append(System.lineSeparator());
    }

    private boolean numericColumn(int column) {
        return !rows.isEmpty() && rows.stream().map(r -> r.get(column))
                .allMatch(c -> c.matches("[-0-9.,/ ]+") || c.equals("-"));
    }
}
