package dev.brokerbench.app.cli;

import dev.brokerbench.core.broker.Endpoint;
import dev.brokerbench.core.broker.Tls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.security.cert.CertificateException;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One TLS handshake with an endpoint given as {@code PROTOCOL+tls}, with the run's stores, before any client path
 * connects: the client libraries report a failed handshake each in their own way (Artemis only as "cannot connect"),
 * the JDK says which side refused and why, so the error can name the option to change.
 */
final class TlsHandshake {
    /** How long the broker has to refuse the client's certificate after the handshake (TLS 1.3 says so late). */
    private static final int REFUSAL_MILLIS = 500;
    private static final int HANDSHAKE_MILLIS = 5_000;

    private TlsHandshake() {
    }

    /** Empty when the endpoint completed a handshake and kept the connection; else the option at fault and why. */
    static Optional<String> problem(String broker, Endpoint endpoint) {
        Tls tls = endpoint.tls().orElseThrow();
        try (SSLSocket socket = (SSLSocket) tls.sslContext().getSocketFactory().createSocket()) {
            socket.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), 5_000);
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            socket.setSSLParameters(parameters);
            socket.setSoTimeout(HANDSHAKE_MILLIS);
            try {
                socket.startHandshake();
            } catch (SocketTimeoutException silent) {
                return Optional.of("--url: " + broker + " at " + endpoint.url() + " did not complete a TLS handshake"
                        + " within " + HANDSHAKE_MILLIS / 1000 + " s (is TLS served on that port?)");
            }
            socket.setSoTimeout(REFUSAL_MILLIS);
            try {
                socket.getInputStream().read();
            } catch (SocketTimeoutException waiting) {
                // the client speaks first on every protocol: the broker waiting is the good case
            }
            return Optional.empty();
        } catch (SSLException e) {
            return Optional.of(classify(broker, endpoint, e));
        } catch (IOException e) {
            return Optional.of("--url: " + broker + " at " + endpoint.url() + ": " + e.getMessage());
        }
    }

    private static String classify(String broker, Endpoint endpoint, SSLException e) {
        String words = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String at = broker + " at " + endpoint.url();
        if (causedBy(e, CertificateException.class)) {
            return words.contains("subject alternative") || words.contains("No name matching")
                    ? "--url: the certificate of " + at + " does not name host " + endpoint.host() + ": " + words
                    : TlsOptions.TRUST_STORE + ": the certificate of " + at + " is not trusted: " + words;
        }
        if (words.contains("alert")) {
            return TlsOptions.KEY_STORE + ": " + at + " refused the TLS handshake (a broker that asks for a client"
                    + " certificate needs one it trusts): " + words;
        }
        return "--url: " + at + " did not complete a TLS handshake (is TLS served on that port?): " + words;
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
