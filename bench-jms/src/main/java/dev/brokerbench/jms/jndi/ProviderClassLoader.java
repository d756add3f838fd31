package dev.brokerbench.jms.jndi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The user's JMS provider in a class loader of its own: the provider and its dependencies come only from the jars
 * given, never from the suite's client libraries (which may be other versions of the same artifacts). Only the
 * Jakarta Messaging API is shared, so that the provider's connection factory is the suite's
 * {@code jakarta.jms.ConnectionFactory}; a copy of the API among the jars is ignored.
 */
final class ProviderClassLoader extends URLClassLoader {
    private static final String SHARED = "jakarta.jms.";
    private final List<Path> jars;

    private ProviderClassLoader(List<Path> jars) {
        super("jms-provider", urls(jars), ClassLoader.getPlatformClassLoader());
        this.jars = List.copyOf(jars);
    }

    /**
     * A loader over {@code given}: jar files, or directories whose {@code *.jar} files are all taken.
     *
     * @throws IllegalArgumentException naming the path that is missing, not a jar, or a directory without jars
     */
    static ProviderClassLoader of(List<Path> given) {
        if (given.isEmpty()) {
            throw new IllegalArgumentException("no jar given");
        }
        List<Path> jars = new ArrayList<>();
        for (Path p : given) {
            if (Files.isDirectory(p)) {
                List<Path> inside = jarsIn(p);
                if (inside.isEmpty()) {
                    throw new IllegalArgumentException(p + " is a directory without .jar files");
                }
                jars.addAll(inside);
            } else if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jar")) {
                jars.add(p.toAbsolutePath());
            } else {
                throw new IllegalArgumentException(p + (Files.exists(p) ? " is not a .jar file" : " does not exist"));
            }
        }
        return new ProviderClassLoader(jars);
    }

    /** The jar files, in the order searched. */
    List<Path> jars() {
        return jars;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(SHARED)) {
            return jakarta.jms.ConnectionFactory.class.getClassLoader().loadClass(name);
        }
        return super.loadClass(name, resolve);
    }

    private static List<Path> jarsIn(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar") && Files.isRegularFile(f))
                    .map(Path::toAbsolutePath).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static URL[] urls(List<Path> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException(jars.get(i) + ": " + e.getMessage(), e);
            }
        }
        return urls;
    }
}
