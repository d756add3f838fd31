package dev.brokerbench.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README and docs/ names a file that exists, and a link to a heading names one the file
 * has (GitHub's anchors: lower case, punctuation dropped, spaces to '-'); every dated findings file is in the index.
 */
class DocsLinksTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void everyRelativeLinkNamesAFileAndAHeadingThatExist() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            String text = withoutCode(Files.readString(page));
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue; // https:, mailto:
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(linked)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
                } else if (hash >= 0 && linked.toString().endsWith(".md")
                        && !anchors(Files.readString(linked)).contains(target.substring(hash + 1))) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void everyFindingsFileIsInTheIndex() throws IOException {
        Path dir = ROOT.resolve("docs").resolve("findings");
        String index = Files.readString(dir.resolve("README.md"));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> !n.equals("README.md")))
                    .isNotEmpty().allSatisfy(name -> assertThat(index).contains("](" + name));
        }
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The text without fenced code blocks and inline code, where brackets are not links. */
    private static String withoutCode(String text) {
        return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\\n]*`", "");
    }

    /** The anchors GitHub makes of a page's headings. */
    static List<String> anchors(String text) {
        List<String> anchors = new ArrayList<>();
        for (String line : text.replaceAll("(?s)```.*?```", "").split("\n")) { // a heading keeps its code's words
            if (line.matches("#{1,6} .*")) {
                String heading = line.replaceFirst("#{1,6} ", "").strip().toLowerCase(Locale.ROOT);
                anchors.add(heading.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }
}
