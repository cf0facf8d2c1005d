import { z } from 'zod';

/**
 * zod, set up once for every schema: jitless, so it never probes `new Function` — the web app's
 * Content-Security-Policy forbids eval, and the probe alone is reported as a violation.
 */
z.config({ jitless: true });

export { z };
