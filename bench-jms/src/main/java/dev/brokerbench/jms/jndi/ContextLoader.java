package dev.brokerbench.jms.jndi;

/**
 * Runs a call with the provider's class loader as the thread's context loader (providers and JNDI load the
 * provider's classes through it), and puts the caller's back.
 */
final class ContextLoader {
    private ContextLoader() {
    }

    @FunctionalInterface
    interface Call<T, E extends Exception> {
        T call() throws E;
    }

    static <T, E extends Exception> T call(ClassLoader loader, Call<T, E> call) throws E {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            return call.call();
        } finally {
            t.setContextClassLoader(before);
        }
    }
}
