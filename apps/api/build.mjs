// Bundles the API into dist/server.js and its command line (src/cli.ts) into dist/cli.js. Dependencies stay in
// node_modules; the shared workspace package (TypeScript source) is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'zod', 'zod/*'],
  logLevel: 'warning',
  absWorkingDir: new URL('.', import.meta.url).pathname,
});
