// The customer of npm run bench:dns's engine run (bench/dns-engine.ts), in a process of its own: it adds and
// deletes a TXT record of its own domain through the HTTP API at a fixed rate and keeps each answer's time. A
// process of its own, so that nothing the bench itself does (writing the queue, counting what is left) delays a
// request or its clock, and with its own connections to the API.
//
// Started with fork(); told by messages which phase it is in ({ phase: 'warm-up' | 'drain' | null }, null pauses)
// and answers { report: { [phase]: { latencies, errors } } } to { report: true }, then exits.
const url = process.env.PROBE_URL!;
const token = process.env.PROBE_TOKEN!;
const domainId = process.env.PROBE_DOMAIN!;
/** Requests per second: each pair (add, delete) starts every 2000 / rate ms, however long the last one took. */
const rate = Number(process.env.PROBE_RATE ?? 20);

const auth = { authorization: `Bearer ${token}` };
const phases: Record<string, { latencies: number[]; errors: number }> = {};
let phase: string | null = null;
let stopped = false;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one request, keeping its time in the phase; answers its body when it had the expected status. */
async function timed(phaseName: string, request: () => Promise<Response>, status: number): Promise<string | null> {
  const bucket = (phases[phaseName] ??= { latencies: [], errors: 0 });
  const t0 = performance.now();
  try {
    const response = await request();
    const text = await response.text();
    bucket.latencies.push(performance.now() - t0);
    if (response.status !== status) {
      bucket.errors += 1;
      return null;
    }
    return text;
  } catch {
    bucket.errors += 1;
    return null;
  }
}

async function loop(): Promise<void> {
  let n = 0;
  let next = performance.now();
  while (!stopped) {
    const current = phase;
    if (current) {
      const added = await timed(
        current,
        () =>
          fetch(`${url}/api/domains/${domainId}/dns-records`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'TXT', name: `probe${n}`, value: `probe ${n}`, ttl: 300 }),
          }),
        201,
      );
      const id = added ? (JSON.parse(added) as { id?: string }).id : undefined;
      if (id) {
        await timed(
          current,
          () => fetch(`${url}/api/domains/${domainId}/dns-records/${id}`, { method: 'DELETE', headers: auth }),
          204,
        );
      }
      n += 1;
    }
    // Open loop: the next pair starts on schedule, however long this one took.
    next += 2000 / rate;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else if (!current) next = performance.now();
  }
}

const running = loop();
process.on('message', (message: { phase?: string | null; report?: boolean }) => {
  if ('phase' in message) phase = message.phase ?? null;
  if (message.report) {
    stopped = true;
    void running.then(() => {
      process.send!({ report: phases }, () => process.exit(0));
    });
  }
});
process.send!({ ready: true });
