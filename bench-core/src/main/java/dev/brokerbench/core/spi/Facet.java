package dev.brokerbench.core.spi;

/**
 * A part of the driver SPI that a client path has only where its library and protocol have it: a {@link Driver}
 * class implements the facets it has, and the capabilities each stands for follow from that ({@link Capabilities}),
 * so support is said once, by the code that provides it. A wrapper reaches the facets of the driver it wraps through
 * {@link Driver#facet}.
 */
public sealed interface Facet permits Topics, Selectors, Calls {
}
