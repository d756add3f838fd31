package dev.brokerbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brokerbench.core.model.Action;
import dev.brokerbench.core.model.Phase;
import dev.brokerbench.core.model.PublishMode;
import dev.brokerbench.core.model.RandomBytes;
import dev.brokerbench.core.model.SizeMix;
import dev.brokerbench.core.model.Workload;
import java.util.List;
import java.util.zip.Deflater;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Bodies only partly random compress to about their random share, at every size a mix draws. */
class BodiesTest {

    private static Workload workload(int bytes) {
        return Workload.of("b", List.of(new Phase("publish", Action.PUBLISH, PublishMode.ASYNC, true),
                new Phase("drain", Action.CONSUME, null, false))).withMessage(bytes, true);
    }

    /** The deflated size of {@code body} as a share of its size. */
    private static double compressed(byte[] body) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
        deflater.setInput(body);
        deflater.finish();
        byte[] out = new byte[body.length * 2 + 64];
        int n = deflater.deflate(out);
        deflater.end();
        return n / (double) body.length;
    }

    @Test
    void aBodyCompressesToAboutItsRandomShare() {
        Bodies random = new Bodies(workload(10_000), 7);
        Bodies third = new Bodies(workload(10_000).withRandomBytes(new RandomBytes(0.3)), 7);

        assertThat(compressed(random.of(0))).as("random bytes do not compress").isGreaterThan(0.99);
        assertThat(compressed(third.of(0))).isCloseTo(0.3, Offset.offset(0.02));
        assertThat(third.of(0)).hasSize(10_000).startsWith(java.util.Arrays.copyOf(random.of(0), 3_000));
        assertThat(third.of(0)[3_000]).isZero();
    }

    @Test
    void everySizeOfAMixHasTheSameRandomShare() {
        Workload w = workload(0).withSizes(SizeMix.parse("2048:1,65536:1")).withRandomBytes(new RandomBytes(0.5));
        Bodies bodies = new Bodies(w, 11);
        boolean small = false;
        boolean large = false;
        for (long seq = 0; seq < 20 && !(small && large); seq++) {
            byte[] body = bodies.of(seq);
            assertThat(body).hasSize(w.sizeOf(11, seq));
            // deflate adds a few per cent of its own to random bytes, most on a small body (2 KB: 0.53)
            assertThat(compressed(body)).as(body.length + " B").isCloseTo(0.5, Offset.offset(0.05));
            small |= body.length == 2048;
            large |= body.length == 65536;
        }
        assertThat(small && large).as("both sizes drawn").isTrue();
        Workload range = workload(0).withSizes(SizeMix.parse("4000..8000")).withRandomBytes(new RandomBytes(0.25));
        assertThat(compressed(new Bodies(range, 3).of(5))).isCloseTo(0.25, Offset.offset(0.03));
    }

    @Test
    void aRunWithPartlyRandomBodiesIsAccountedAsAnyOther() throws Exception {
        Workload w = AccountingTest.workload(PublishMode.ASYNC, 2000).withSizes(SizeMix.parse("100..3000"))
                .withRandomBytes(new RandomBytes(0.1));

        ScenarioRunner.Pass pass = LoopbackRun.measured(new dev.brokerbench.core.loopback.LoopbackDriver(
                new dev.brokerbench.core.loopback.LoopbackBroker(), false), w);

        assertThat(pass.accounting().exact()).as(pass.accounting().summary()).isTrue();
        assertThat(pass.phases().get(1).errors()).as("every body arrived at its size").isEmpty();
    }
}
