package dev.brokerbench.app.tls;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Key and trust stores made with the JDK's keytool for one test: a broker's key pair whose certificate names
 * 127.0.0.1 and localhost, a client's, and a stranger's, which names only {@code broker.invalid}, each self-signed;
 * trust stores holding one certificate each.
 * Every store is PKCS12 with the password {@link #PASSWORD}.
 */
public final class TestCertificates {
    public static final String PASSWORD = "store-secret-5521";
    private final Path dir;

    public TestCertificates(Path dir) throws IOException, InterruptedException {
        this.dir = dir;
        for (String name : List.of("broker", "client", "stranger")) {
            keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                    "-dname", "CN=" + name, "-ext", name.equals("stranger") ? "SAN=dns:broker.invalid"
                            : "SAN=ip:127.0.0.1,dns:localhost", "-keystore", key(name));
            keytool("-exportcert", "-alias", name, "-keystore", key(name), "-file", dir.resolve(name + ".cer")
                    .toString());
            keytool("-importcert", "-noprompt", "-alias", name, "-file", dir.resolve(name + ".cer").toString(),
                    "-keystore", trusting(name));
        }
    }

    /** The key store holding {@code name}'s key and certificate. */
    public Path keyStore(String name) {
        return Path.of(key(name));
    }

    /** A trust store holding only {@code name}'s certificate. */
    public Path trustStore(String name) {
        return Path.of(trusting(name));
    }

    private String key(String name) {
        return dir.resolve(name + "-key.p12").toString();
    }

    private String trusting(String name) {
        return dir.resolve("trusts-" + name + ".p12").toString();
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        command.addAll(List.of(args));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException("keytool " + String.join(" ", args) + ": " + output);
        }
    }
}
