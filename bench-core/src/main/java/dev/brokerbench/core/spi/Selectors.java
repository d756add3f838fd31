package dev.brokerbench.core.spi;

import dev.brokerbench.core.model.Selection;

/** Queue consumers with a message selector the broker evaluates ({@link Capability#SELECTORS}). */
public non-sealed interface Selectors extends Facet {
    /**
     * A consumer like {@link Driver#consumer(String)} that the broker hands only the messages {@code selection}
     * matches (evaluated by the broker on the stamp's sequence property), leaving the others on the queue.
     */
    Consumer consumer(String queue, Selection selection) throws Exception;
}
