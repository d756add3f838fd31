package dev.brokerbench.core.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Objects;
import java.util.Optional;

/**
 * A key store or trust store file (PKCS12 or JKS) that opened with its password. The password is never printed or
 * stored: {@link #toString} and {@link #describe} show the file and its type only.
 *
 * @param path     the file
 * @param type     its format as the JDK read it: {@code PKCS12} or {@code JKS}
 * @param password empty: the store has none (a JKS trust store may go without)
 */
public record StoreFile(Path path, String type, Optional<String> password) {
    public StoreFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(password, "password (Optional.empty() for none)");
    }

    /**
     * Opens {@code path} with {@code password}, finding its type; an {@link IllegalArgumentException} that says
     * what is wrong (no such file, not a key store, a wrong password).
     */
    public static StoreFile open(Path path, Optional<String> password) {
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("no such file: " + path);
        }
        KeyStore store = load(path, password);
        return new StoreFile(path.toAbsolutePath(), store.getType().toUpperCase(java.util.Locale.ROOT), password);
    }

    /** The store's contents. */
    public KeyStore keyStore() {
        return load(path, password);
    }

    /** The password as the JDK takes it; null where there is none. */
    char[] passwordChars() {
        return password.map(String::toCharArray).orElse(null);
    }

    private static KeyStore load(Path path, Optional<String> password) {
        try {
            return KeyStore.getInstance(path.toFile(), password.map(String::toCharArray).orElse(null));
        } catch (IOException e) {
            // the JDK says a wrong password in its own ways: an unrecoverable key, a block that does not decrypt
            boolean wrongPassword = false;
            for (Throwable t = e; t != null; t = t.getCause()) {
                wrongPassword |= t instanceof java.security.UnrecoverableKeyException
                        || t instanceof javax.crypto.BadPaddingException;
            }
            throw new IllegalArgumentException("cannot open " + path + ": " + (wrongPassword
                    ? "the password given does not open it" : password.isEmpty()
                    ? e.getMessage() + " (no password given)" : e.getMessage()), e);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot open " + path + ": " + e.getMessage()
                    + " (a PKCS12 or JKS store expected)", e);
        }
    }

    /** For the record: the file and its type. */
    public String describe() {
        return path + " (" + type + ")";
    }

    @Override
    public String toString() {
        return "StoreFile[" + describe() + (password.isPresent() ? ", password given (not recorded)" : "") + "]";
    }
}
