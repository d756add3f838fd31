package dev.brokerbench.brokers.network;

import dev.brokerbench.process.net.NetworkNamespace;
import java.util.OptionalLong;

/** Makes a network namespace, prints its name and waits to be killed: what a suite killed by SIGKILL leaves. */
public final class NamespaceHolderMain {
    private NamespaceHolderMain() {
    }

    public static void main(String[] args) throws Exception {
        NetworkNamespace namespace = NetworkNamespace.create(OptionalLong.of(100_000_000));
        System.out.println("namespace " + namespace.name());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
