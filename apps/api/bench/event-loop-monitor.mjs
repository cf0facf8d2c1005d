// Preloaded into the API under load (node --import): measures how long the event loop was blocked (how late a
// timer of 1 ms ran, the 1 ms taken off: a stall of the loop, not the timer's own period) and writes
// the figures (milliseconds) to $EVENT_LOOP_REPORT twice a second, with the processor time the process used and
// the share of the time its loop was busy (event-loop utilisation) since the start of the measurement. SIGWINCH
// starts the measurement afresh, so that start-up (module loading, migrations) is not counted.
// With BENCH_DNS_CPU_PROFILE=<file>, SIGWINCH also starts a CPU profile of the server (every 200 µs), written to
// that file when the server is stopped (SIGTERM): open it in Chrome's DevTools (Performance) or read its samples.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_REPORT;
if (file) {
  const RESOLUTION_MS = 1;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let cpuFrom = process.cpuUsage();
  let eluFrom = performance.eventLoopUtilization();
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  const write = () => {
    const report = {
      maxMs: ms(histogram.max),
      p99Ms: ms(histogram.percentile(99)),
      p50Ms: ms(histogram.percentile(50)),
      meanMs: ms(histogram.mean),
      samples: histogram.count,
      cpuMs: Math.round(((cpu) => (cpu.user + cpu.system) / 1000)(process.cpuUsage(cpuFrom))),
      utilization: Math.round(performance.eventLoopUtilization(eluFrom).utilization * 1000) / 1000,
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  };
  setInterval(write, 500).unref();
  const profileFile = process.env.BENCH_DNS_CPU_PROFILE;
  const profiler = profileFile ? new Session() : null;
  let profiling = false;
  if (profiler) {
    profiler.connect();
    profiler.post('Profiler.enable');
    profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    // A session of this thread answers at once, so the profile is written before the server goes on closing.
    process.on('SIGTERM', () => {
      if (!profiling) return;
      profiling = false;
      profiler.post('Profiler.stop', (error, result) => {
        if (!error) fs.writeFileSync(profileFile, JSON.stringify(result.profile));
      });
    });
  }
  process.on('SIGWINCH', () => {
    if (profiler && !profiling) {
      profiling = true;
      profiler.post('Profiler.start');
    }
    histogram.reset();
    cpuFrom = process.cpuUsage();
    eluFrom = performance.eventLoopUtilization();
    write();
  });
}
