package dev.brokerbench.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * A password given by the name of an environment variable or by a file (its first line), never on the command
 * line, where any user of the machine could read it; never printed or stored.
 */
final class Secret {
    private Secret() {
    }

    /**
     * The password, empty where neither option was given; an error naming the option at fault.
     *
     * @param envOption  the option naming the variable, e.g. {@code --password-env}
     * @param fileOption the option naming the file, e.g. {@code --password-file}
     */
    static Optional<String> read(CommandLine cli, String envOption, String variable, String fileOption, Path file) {
        if (variable != null && file != null) {
            throw new ParameterException(cli, envOption + ", " + fileOption + ": give one of them, not both");
        }
        if (variable != null) {
            String value = System.getenv(variable);
            if (value == null) {
                throw new ParameterException(cli, envOption + ": the environment variable '" + variable
                        + "' is not set");
            }
            dev.brokerbench.process.ChildEnvironment.withhold(variable); // the suite's children never see it
            return Optional.of(value);
        }
        if (file != null) {
            try {
                return Optional.of(Files.readAllLines(file).stream().findFirst().orElse(""));
            } catch (IOException e) {
                throw new ParameterException(cli, fileOption + ": cannot read " + file + ": " + e.getMessage());
            }
        }
        return Optional.empty();
    }
}
