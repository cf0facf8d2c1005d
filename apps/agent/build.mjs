// Bundles the agent into dist/agent.js: one file with no dependencies beyond Node, to copy onto a web node.
import { build } from 'esbuild';

await build({
  entryPoints: { agent: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: new URL('.', import.meta.url).pathname,
});
