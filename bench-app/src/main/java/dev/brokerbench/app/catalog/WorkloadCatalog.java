package dev.brokerbench.app.catalog;

import dev.brokerbench.core.model.InvalidConfigException;
import dev.brokerbench.core.model.Workload;
import dev.brokerbench.core.model.WorkloadLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The workload files shipped in the jar ({@code workloads/}) plus any directory the user names. */
public final class WorkloadCatalog {
    private static final String ROOT = "workloads";
    private final List<Workload> workloads;

    private WorkloadCatalog(List<Workload> workloads) {
        this.workloads = workloads.stream().sorted(Comparator.comparing(Workload::name)).toList();
    }

    public static WorkloadCatalog builtIn() {
        URL url = WorkloadCatalog.class.getClassLoader().getResource(ROOT);
        if (url == null) {
            throw new IllegalStateException("no workloads/ on the classpath; the build packages them from workloads/");
        }
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem fs = FileSystems.newFileSystem(uri, Map.of())) {
                    return new WorkloadCatalog(loadTree(fs.getPath(ROOT)));
                }
            }
            return new WorkloadCatalog(loadTree(Path.of(uri)));
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("cannot read the built-in workloads: " + e.getMessage(), e);
        }
    }

    /** The built-in workloads plus every {@code *.yaml} under {@code dir} (which win on equal names). */
    public WorkloadCatalog with(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new InvalidConfigException("--workloads: " + dir + " is not a directory");
        }
        List<Workload> merged = new ArrayList<>(workloads);
        for (Workload extra : loadTree(dir)) {
            merged.removeIf(w -> w.name().equals(extra.name()));
            merged.add(extra);
        }
        return new WorkloadCatalog(merged);
    }

    private static List<Workload> loadTree(Path root) {
        WorkloadLoader loader = new WorkloadLoader();
        List<Workload> result = new ArrayList<>();
        List<Path> found;
        // the directory as named, even when it is a link (a link inside it is a file or folder like any other)
        try (Stream<Path> files = Files.walk(root.toRealPath(), java.nio.file.FileVisitOption.FOLLOW_LINKS)) {
            found = files.filter(p -> p.toString().endsWith(".yaml")).sorted(Comparator.comparing(Path::toString))
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw new InvalidConfigException("--workloads: cannot walk " + root + ": " + e.getMessage());
        }
        for (Path f : found) {
            if (!Files.isRegularFile(f)) {
                throw new InvalidConfigException("--workloads: " + f + " is not a file (a workload is a *.yaml file)");
            }
            try (InputStream in = Files.newInputStream(f)) {
                result.add(loader.load(f.getFileName().toString(), group(f), f.getParent(), in));
            } catch (IOException e) {
                throw new InvalidConfigException("--workloads: cannot read " + f + ": " + e.getMessage());
            }
        }
        return result;
    }

    /** A file's --case group: the name of the folder it sits in. */
    private static String group(Path file) {
        Path folder = file.getParent() == null ? null : file.getParent().getFileName();
        String name = folder == null ? "" : folder.toString();
        if (!name.matches("[a-z][a-z0-9-]{0,39}")) {
            throw new InvalidConfigException("--workloads: " + file + ": its folder names its --case group, so it must"
                    + " be 1-40 lower-case letters, digits or '-', starting with a letter, got '" + name + "'");
        }
        return name;
    }

    public List<Workload> all() {
        return workloads;
    }

    public List<String> names() {
        return workloads.stream().map(Workload::name).toList();
    }

    /**
     * The names {@code --case} accepts for several cases: each workload group ({@code faults}, {@code rpc}, ...) and
     * {@code all}, the seed matrix (group {@code seed}).
     */
    public Map<String, List<String>> groups() {
        Map<String, List<String>> groups = new java.util.TreeMap<>();
        workloads.forEach(w -> groups.computeIfAbsent(w.group(), g -> new ArrayList<>()).add(w.name()));
        groups.put("all", groups.getOrDefault("seed", List.of()));
        groups.remove("seed");
        return groups;
    }

    /** By name ({@code c1}) or by number ({@code 1} = {@code c1}). */
    public java.util.Optional<Workload> find(String key) {
        String name = key.matches("\\d+") ? "c" + key : key;
        return workloads.stream().filter(w -> w.name().equals(name)).findFirst();
    }
}
