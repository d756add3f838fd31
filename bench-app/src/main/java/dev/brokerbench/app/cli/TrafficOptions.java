package dev.brokerbench.app.cli;

import dev.brokerbench.core.model.Destinations;
import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.Processing;
import dev.brokerbench.core.model.RandomBytes;
import dev.brokerbench.core.model.SizeMix;
import dev.brokerbench.core.model.Workload;
import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * {@code --sizes MIX}, {@code --random-bytes-ratio R}, {@code --processing TIME} and {@code --queues N[xK]}: the
 * selected cases with bodies of several sizes, bodies only partly random, slow consumers, or spread over many queues.
 * A case that cannot take one refuses it, naming the case and why.
 */
final class TrafficOptions {
    private TrafficOptions() {
    }

    /** The options as given (null: not given). */
    record Given(String sizes, String randomBytesRatio, String processing, String queues) {
    }

    static List<Workload> apply(CommandLine cli, Given given, List<Workload> selected) {
        List<Workload> result = selected;
        if (given.sizes() != null) {
            SizeMix mix = parse(cli, "--sizes", () -> SizeMix.read(given.sizes(), java.nio.file.Path.of("")));
            result = each(cli, "--sizes", result, w -> retitled(w.withSizes(mix), mix.label()).validated());
        }
        if (given.randomBytesRatio() != null) {
            RandomBytes share = parse(cli, "--random-bytes-ratio", () -> RandomBytes.parse(given.randomBytesRatio()));
            result = each(cli, "--random-bytes-ratio", result, w -> retitled(w.withRandomBytes(share),
                    null).validated());
        }
        if (given.processing() != null) {
            Processing time = parse(cli, "--processing", () -> Processing.parse(given.processing()));
            result = each(cli, "--processing", result, w -> w.withProcessing(time).validated());
        }
        if (given.queues() != null) {
            Destinations spread = parse(cli, "--queues", () -> Destinations.parse(given.queues()));
            result = each(cli, "--queues", result, w -> w.withDestinations(spread).validated());
        }
        return result;
    }

    /** A title's size ("0 KB", "1 KB") in the middle of the title, between its dots. */
    private static final java.util.regex.Pattern SIZE = java.util.regex.Pattern.compile(
            " · [0-9.]+ (B|KB|MB)( · |$)");

    /**
     * {@code w} titled for the bodies an option gave it, so that its label says what it sent: the title's size
     * replaced by {@code sizes} (or {@code sizes} added), and the random share added when it is below 1.
     */
    static Workload retitled(Workload w, String sizes) {
        String title = w.title();
        if (sizes != null) {
            java.util.regex.Matcher m = SIZE.matcher(title);
            title = m.find() ? title.substring(0, m.start()) + " · " + sizes + m.group(2) + title.substring(m.end())
                    : title + " · " + sizes;
        }
        if (!w.randomBytes().all() && !title.contains(w.randomBytes().label())) {
            title = title + " · " + w.randomBytes().label();
        }
        return w.toBuilder().named(w.name(), title).build();
    }

    private static <T> T parse(CommandLine cli, String option, java.util.function.Supplier<T> parser) {
        try {
            return parser.get();
        } catch (InvalidConfigException e) {
            throw new ParameterException(cli, option + ": " + e.getMessage());
        }
    }

    private static List<Workload> each(CommandLine cli, String option, List<Workload> cases,
                                       UnaryOperator<Workload> change) {
        return cases.stream().map(w -> {
            try {
                return change.apply(w);
            } catch (InvalidConfigException e) {
                throw new ParameterException(cli, option + ": case " + w.name() + ": " + e.getMessage());
            }
        }).toList();
    }
}
