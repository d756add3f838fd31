package dev.brokerbench.app.cli;

import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.Sweep;
import dev.brokerbench.core.model.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** {@code --sweep VAR=VALUES}: other values for the selected cases' sweeps over VAR (e.g. fewer sizes). */
final class SweepOption {
    private SweepOption() {
    }

    static List<Workload> apply(CommandLine cli, List<String> options, List<Workload> selected) {
        List<Workload> result = new ArrayList<>(selected);
        List<String> keys = Arrays.stream(Sweep.Variable.values()).map(Sweep.Variable::key).toList();
        for (String option : options) {
            int eq = option.indexOf('=');
            String key = eq < 0 ? option : option.substring(0, eq);
            if (eq <= 0 || !keys.contains(key)) {
                throw new ParameterException(cli, "--sweep: '" + option + "' is not VAR=VALUES with VAR one of "
                        + String.join(", ", keys) + ", e.g. payloadBytes=1,1024,4096");
            }
            Sweep.Variable variable = Sweep.Variable.parse(key, "--sweep");
            List<Long> values;
            try {
                values = Sweep.parseValues(option.substring(eq + 1), "--sweep " + key);
            } catch (InvalidConfigException e) {
                throw new ParameterException(cli, "--sweep: " + e.getMessage());
            }
            boolean used = false;
            for (int i = 0; i < result.size(); i++) {
                Workload w = result.get(i);
                if (w.sweep() != null && w.sweep().variable() == variable) {
                    try {
                        result.set(i, w.withSweep(new Sweep(variable, values)));
                    } catch (InvalidConfigException e) {
                        throw new ParameterException(cli, "--sweep: " + e.getMessage());
                    }
                    used = true;
                }
            }
            if (!used) {
                throw new ParameterException(cli, "--sweep: none of the selected cases sweeps " + key + "; cases"
                        + " that do: see 'bench list'");
            }
        }
        return result;
    }
}
