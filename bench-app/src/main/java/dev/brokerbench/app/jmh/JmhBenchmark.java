package dev.brokerbench.app.jmh;

import dev.brokerbench.core.spi.Capability;
import dev.brokerbench.jmh.ConsumeBenchmark;
import dev.brokerbench.jmh.PublishBenchmark;
import java.util.Optional;

/** The JMH benchmarks the suite runs against a broker, and the capability each needs of a client path. */
public enum JmhBenchmark {
    PUBLISH_SYNC(PublishBenchmark.class, "publishSync", Capability.SYNC_CONFIRMED_PUBLISH),
    PUBLISH_ASYNC(PublishBenchmark.class, "publishAsync", Capability.ASYNC_WINDOWED_PUBLISH),
    /** Every consume path can drain; the fill falls back to sync sends where async ones are missing. */
    DRAIN(ConsumeBenchmark.class, "drain", null);

    private final Class<?> holder;
    private final String method;
    private final Capability needs;

    JmhBenchmark(Class<?> holder, String method, Capability needs) {
        this.holder = holder;
        this.method = method;
        this.needs = needs;
    }

    /** JMH's include pattern for exactly this benchmark. */
    public String include() {
        return "^" + holder.getName().replace(".", "\\.") + "\\." + method + "$";
    }

    /**
     * True for a single-shot benchmark (one measured drain per iteration, counted in drains); false for a
     * throughput benchmark (iterations of a fixed number of seconds).
     */
    public boolean singleShot() {
        return this == DRAIN;
    }

    public Optional<Capability> needs() {
        return Optional.ofNullable(needs);
    }

    /** The benchmark a method name names, e.g. {@code publishAsync}. */
    public static Optional<JmhBenchmark> named(String method) {
        return java.util.Arrays.stream(values()).filter(b -> b.method.equals(method)).findFirst();
    }

    /** The method name, as the CLI and the report call it. */
    @Override
    public String toString() {
        return method;
    }
}
