import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin, type UserConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

/** React Router publishes its production build beside the development one but exports only the latter. */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * The built page asks for its scripts once it has painted, or on a public page once the visitor interacts with it
 * (src/boot.js; docs/decisions/040-scripts-after-the-first-paint.md, docs/decisions/060-the-app-starts-on-interaction.md),
 * instead of with the HTML: the entry module and the modules it preloads are named on
 * the boot script's tag. The boot script is emitted as an asset named by its content, cached for good like the
 * others. Build only; the dev server loads the entry as Vite writes it.
 */
/** A classic script of `src/` minified and named by its content: `assets/<name>-<hash>.js`. */
function classicScript(name: string) {
  // Minified: the file is asked for with the HTML, before anything else, and its comments stay in the repository.
  const file = path.join(import.meta.dirname, `src/${name}.js`);
  const source = minifySync(file, fs.readFileSync(file, 'utf8')).code;
  return {
    fileName: `assets/${name}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`,
    source,
  };
}

function scriptsAfterFirstPaint(): Plugin {
  const { fileName, source } = classicScript('boot');
  // The dashboard home's frame names it (apps/web/scripts/prerender.mjs, docs/decisions/065-the-dashboard-paints-with-its-html.md).
  const figures = classicScript('figures');
  return {
    name: 'scripts-after-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({ type: 'asset', fileName: figures.fileName, source: figures.source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const preloads: string[] = [];
        let page = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
          preloads.push(href);
          return '';
        });
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
        if (!entry) throw new Error('index.html has no module entry script');
        page = page.replace(
          entry[0],
          `<script src="/${fileName}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}" defer></script>`,
        );
        return page;
      },
    },
  };
}

export function defineViteConfig({
  command,
  isSsrBuild = false,
}: {
  command: 'build' | 'serve';
  isSsrBuild?: boolean;
}): UserConfig {
  return {
    plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [scriptsAfterFirstPaint()])],
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
      // Which file each module became, for the prerender step: the dashboard's frame names its page's chunks so that
      // they are asked for with the entry (scripts/prerender.mjs, which removes the file once read).
      manifest: !isSsrBuild,
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
