package dev.brokerbench.baselines;

import dev.brokerbench.baselines.grpc.GrpcServer;
import dev.brokerbench.baselines.zeromq.ZeroMqServer;

/**
 * The baseline server process: {@code zeromq|grpc PORT THREADS}. Listens on 127.0.0.1 only, answers every call with
 * its payload bytes + 1, prints its ready line and runs until killed (its lifeline agent ends it with the suite).
 */
public final class BaselineServerMain {
    private BaselineServerMain() {
    }

    /** A running baseline server. */
    public interface Server {
        /** e.g. {@code JeroMQ 0.6.0}. */
        String library();
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3 || !args[0].matches("zeromq|grpc")) {
            System.err.println("usage: BaselineServerMain zeromq|grpc PORT THREADS");
            System.exit(2);
        }
        int port = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        Server server = args[0].equals("zeromq") ? ZeroMqServer.start(port, threads) : GrpcServer.start(port, threads);
        System.out.println("brokerbench " + args[0] + " baseline " + server.library() + " ready on 127.0.0.1:" + port
                + " with " + threads + " server threads");
        System.out.flush();
        Thread.currentThread().join();
    }
}
