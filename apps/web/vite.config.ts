import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

/** React Router publishes its production build beside the development one but exports only the latter. */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export function defineViteConfig({
  command,
  isSsrBuild = false,
}: {
  command: 'build' | 'serve';
  isSsrBuild?: boolean;
}): UserConfig {
  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: [
        { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
        ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
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
      // The prerender step's server bundle (src/entry-server.tsx) is one module for Node, imported by name.
      copyPublicDir: !isSsrBuild,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            // Small modules that pages share (an icon, a button, a formatter) are copied into each page's chunk
            // instead of becoming files of their own: the home page otherwise asked for about thirty files after its
            // page chunk, and a phone on HTTP/1.1 fetches six at a time (docs/decisions/011-fewer-larger-chunks.md).
            preserveEntrySignatures: false,
            output: {
              codeSplitting: {
                experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
                // The session and the texts, which the entry and every page share, travel as one file rather
                // than two (each entry-shared module would otherwise become a file of its own).
                groups: [{ name: 'app-core', test: /\/src\/lib\/(i18n|session)\.ts$/ }],
              },
            },
          },
    },
  };
}

export default defineConfig(defineViteConfig);
