package dev.brokerbench.core.broker;

import java.security.GeneralSecurityException;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS to a broker the user runs ({@code --url BROKER=PROTOCOL+tls://HOST:PORT}): the trust store that decides whether
 * the broker's certificate is trusted, and the key store whose certificate a client presents where the broker asks
 * for one (mutual TLS). Every client path verifies that the certificate names the host it connected to.
 *
 * @param trustStore empty: the JVM's default trust (its cacerts)
 * @param keyStore   empty: no client certificate
 */
public record Tls(Optional<StoreFile> trustStore, Optional<StoreFile> keyStore) {
    /** TLS trusting what the JVM trusts, with no client certificate. */
    public static final Tls DEFAULT_TRUST = new Tls(Optional.empty(), Optional.empty());

    public Tls {
        Objects.requireNonNull(trustStore, "trustStore (Optional.empty() for the JVM's default trust)");
        Objects.requireNonNull(keyStore, "keyStore (Optional.empty() for no client certificate)");
    }

    /** The trust managers of the trust store, or of the JVM's default trust. */
    public TrustManager[] trustManagers() {
        try {
            TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            f.init(trustStore.map(StoreFile::keyStore).orElse(null));
            return f.getTrustManagers();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("trust store " + trustStore.map(StoreFile::describe).orElse("(default)")
                    + ": " + e.getMessage(), e);
        }
    }

    /** The key managers of the key store; null without one (no client certificate). */
    public KeyManager[] keyManagers() {
        if (keyStore.isEmpty()) {
            return null;
        }
        StoreFile store = keyStore.get();
        try {
            KeyManagerFactory f = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            f.init(store.keyStore(), store.passwordChars());
            return f.getKeyManagers();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("key store " + store.describe() + ": " + e.getMessage(), e);
        }
    }

    /** A TLS context of these stores, for the client libraries that take one. */
    public SSLContext sslContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers(), trustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS context: " + e.getMessage(), e);
        }
    }

    /** For the record: what is trusted and which certificate is presented (never a password). */
    public String describe() {
        return "TLS, host name verified; trust: " + trustStore.map(StoreFile::describe).orElse("the JVM's default")
                + "; client certificate: " + keyStore.map(StoreFile::describe).orElse("none");
    }

    @Override
    public String toString() {
        return "Tls[" + describe() + "]";
    }
}
