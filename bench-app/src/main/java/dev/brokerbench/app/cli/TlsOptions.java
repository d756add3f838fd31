package dev.brokerbench.app.cli;

import dev.brokerbench.core.broker.StoreFile;
import dev.brokerbench.core.broker.Tls;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The stores of TLS to brokers the user runs, for every endpoint given as {@code --url BROKER=PROTOCOL+tls://...}:
 * a trust store (default: the JVM's) and an optional key store whose certificate is presented where a broker asks
 * for one. Each store is opened once, before anything connects; a store that does not open is an error naming its
 * option. A JMS provider given with {@code --jndi} takes TLS from its own settings in that file.
 */
public final class TlsOptions {
    static final String TRUST_STORE = "--trust-store";
    static final String KEY_STORE = "--key-store";

    @Option(names = TRUST_STORE, paramLabel = "FILE",
            description = "Trust store (PKCS12 or JKS) for brokers reached over TLS (--url"
                    + " BROKER=PROTOCOL+tls://HOST:PORT); default: the JVM's trusted certificates.")
    Path trustStore;

    @Option(names = "--trust-store-password-env", paramLabel = "VAR",
            description = "The environment variable holding the trust store's password.")
    String trustStorePasswordEnv;

    @Option(names = "--trust-store-password-file", paramLabel = "FILE",
            description = "A file holding the trust store's password on its first line.")
    Path trustStorePasswordFile;

    @Option(names = KEY_STORE, paramLabel = "FILE",
            description = "Key store (PKCS12 or JKS) with the client certificate and key presented to brokers that"
                    + " ask for one (mutual TLS).")
    Path keyStore;

    @Option(names = "--key-store-password-env", paramLabel = "VAR",
            description = "The environment variable holding the key store's password (also the key's).")
    String keyStorePasswordEnv;

    @Option(names = "--key-store-password-file", paramLabel = "FILE",
            description = "A file holding the key store's password (also the key's) on its first line.")
    Path keyStorePasswordFile;

    private Tls tls;

    /** The first TLS option given, empty when none was. */
    Optional<String> given() {
        return trustStore != null ? Optional.of(TRUST_STORE)
                : keyStore != null ? Optional.of(KEY_STORE)
                : trustStorePasswordEnv != null || trustStorePasswordFile != null ? Optional.of(TRUST_STORE)
                : keyStorePasswordEnv != null || keyStorePasswordFile != null ? Optional.of(KEY_STORE)
                : Optional.empty();
    }

    /** The stores, opened once; an error naming the option whose store does not open. */
    Tls tls(CommandLine cli) {
        if (tls == null) {
            tls = new Tls(store(cli, TRUST_STORE, trustStore, "--trust-store-password-env", trustStorePasswordEnv,
                    "--trust-store-password-file", trustStorePasswordFile),
                    store(cli, KEY_STORE, keyStore, "--key-store-password-env", keyStorePasswordEnv,
                            "--key-store-password-file", keyStorePasswordFile));
        }
        return tls;
    }

    private static Optional<StoreFile> store(CommandLine cli, String option, Path file, String envOption,
                                             String variable, String fileOption, Path passwordFile) {
        Optional<String> password = Secret.read(cli, envOption, variable, fileOption, passwordFile);
        if (file == null) {
            if (password.isPresent()) {
                throw new ParameterException(cli, (variable != null ? envOption : fileOption) + ": a password for "
                        + option + ", which was not given");
            }
            return Optional.empty();
        }
        try {
            return Optional.of(StoreFile.open(file, password));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(cli, option + ": " + e.getMessage());
        }
    }
}
