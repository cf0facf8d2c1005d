import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type UserConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

/**
 * Production builds run on Preact's React compatibility layer: the same components, about 45 KB gzip less
 * JavaScript on every first load (docs/decisions/006-preact-in-production-builds.md). Development, the unit
 * tests and `vite build --mode react` keep React itself.
 */
const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/** React Router publishes its production build beside the development one but exports only the latter. */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export function defineViteConfig({ command, mode }: { command: 'build' | 'serve'; mode: string }): UserConfig {
  const preact = command === 'build' && mode !== 'react';
  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: [
        { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
        ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
        ...(preact ? PREACT_ALIASES : []),
      ],
    },
    server: {
      port: Number(process.env.WEB_PORT ?? 5173),
      strictPort: true,
      proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
    },
    preview: { port: 4173 },
    build: {
      target: 'es2022',
      // No asset becomes a data: URL: the Content-Security-Policy allows fonts from this origin only.
      assetsInlineLimit: 0,
      reportCompressedSize: false,
      sourcemap: false,
      rolldownOptions: {
        // Small modules that pages share (an icon, a button, a formatter) are copied into each page's chunk
        // instead of becoming files of their own: the home page otherwise asked for about thirty files after its
        // page chunk, and a phone on HTTP/1.1 fetches six at a time (docs/decisions/011-fewer-larger-chunks.md).
        preserveEntrySignatures: false,
        output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } } },
        onwarn(warning, warn) {
          // React Router feature-detects React 19's `use` and `useOptimistic`; Preact lacks them, and the
          // router falls back as it does on React 18.
          if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.id?.includes('react-router')) return;
          warn(warning);
        },
      },
    },
  };
}

export default defineConfig(defineViteConfig);
