package dev.brokerbench.app.cli;

import dev.brokerbench.app.catalog.WorkloadCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The help texts of {@code bench run} that name what the catalog holds, made from it when the help is shown, so that
 * a case or group added to {@code workloads/} is in the help without an edit here. picocli reads them as a resource
 * bundle (an option's {@code descriptionKey}).
 */
public final class RunHelp extends ListResourceBundle {
    /** The key of {@code --case}'s description. */
    static final String CASE = "case";

    @Override
    protected Object[][] getContents() {
        return new Object[][] {{CASE, caseHelp(WorkloadCatalog.builtIn().groups())}};
    }

    /** {@code --case}'s description from the groups and their cases. */
    static String caseHelp(Map<String, List<String>> groups) {
        List<String> named = new ArrayList<>();
        groups.forEach((group, cases) -> named.add(group + " (" + ranges(cases) + ")"));
        return "Comma-separated cases, a seed case also by its number (1 for c1), or groups: " + String.join(", ",
                named) + "; 'bench list' says what each case does (default: ${DEFAULT-VALUE}).";
    }

    /** Case names with runs of the same prefix and consecutive numbers shortened: c1, c2, c3 to c1..c3. */
    static String ranges(List<String> names) {
        Pattern numbered = Pattern.compile("([a-z]+)(\\d+)");
        List<String> out = new ArrayList<>();
        List<String> sorted = names.stream().sorted((a, b) -> {
            Matcher ma = numbered.matcher(a);
            Matcher mb = numbered.matcher(b);
            if (ma.matches() && mb.matches() && ma.group(1).equals(mb.group(1))) {
                return Integer.compare(Integer.parseInt(ma.group(2)), Integer.parseInt(mb.group(2)));
            }
            return a.compareTo(b);
        }).toList();
        int i = 0;
        while (i < sorted.size()) {
            Matcher first = numbered.matcher(sorted.get(i));
            int j = i;
            if (first.matches()) {
                while (j + 1 < sorted.size() && sorted.get(j + 1).equals(first.group(1)
                        + (Integer.parseInt(first.group(2)) + (j + 1 - i)))) {
                    j++;
                }
            }
            out.add(j - i >= 2 ? sorted.get(i) + ".." + sorted.get(j)
                    : String.join(", ", sorted.subList(i, j + 1)));
            i = j + 1;
        }
        return String.join(", ", out);
    }
}
