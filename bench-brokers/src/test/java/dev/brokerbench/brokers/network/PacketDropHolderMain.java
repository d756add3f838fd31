package dev.brokerbench.brokers.network;

import dev.brokerbench.process.net.PacketDrop;
import java.util.List;

/** Drops the packets of the port given, says so and waits to be killed: what a suite killed by SIGKILL leaves. */
public final class PacketDropHolderMain {
    private PacketDropHolderMain() {
    }

    public static void main(String[] args) throws Exception {
        PacketDrop.start(List.of(Integer.parseInt(args[0])), 1);
        System.out.println("dropping brokerbench-" + ProcessHandle.current().pid() + "-");
        System.out.flush();
        Thread.sleep(600_000);
    }
}
