// Preloaded into the API under load (node --import): measures how long the event loop was blocked and writes
// the figures (milliseconds) to $EVENT_LOOP_REPORT twice a second. SIGWINCH starts the measurement afresh,
// so that start-up (module loading, migrations) is not counted.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_REPORT;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  const write = () => {
    const report = {
      maxMs: ms(histogram.max),
      p99Ms: ms(histogram.percentile(99)),
      p50Ms: ms(histogram.percentile(50)),
      meanMs: ms(histogram.mean),
      samples: histogram.count,
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  };
  setInterval(write, 500).unref();
  process.on('SIGWINCH', () => {
    histogram.reset();
    write();
  });
}
