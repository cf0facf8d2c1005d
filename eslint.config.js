import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './apps/web/src';
const API = './apps/api/src';
const features = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiModules = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/api/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The API modules with an entry point (index.ts): other modules import only it (decision 056, addendum 2026-11-27). */
const apiEntryModules = apiModules.filter((module) =>
  fs.existsSync(path.join(import.meta.dirname, API, 'modules', module, 'index.ts')),
);
/**
 * The narrow entry points: `modules/<x>/<y>.port.ts` is what module y, and y only, uses of module x, where the two
 * use each other (x's use cases call y, y reads x's rows) and y importing x's index.ts would close an import cycle.
 * Module y reaches x only through that port; no other module may use it.
 */
const apiPorts = (module) =>
  fs
    .readdirSync(path.join(import.meta.dirname, API, 'modules', module))
    .map((file) => /^([a-z-]+)\.port\.ts$/.exec(file)?.[1])
    .filter((consumer) => consumer !== undefined && apiModules.includes(consumer));

/**
 * The boundaries of docs/architecture.md:
 * - a feature imports no other feature, and nothing from app/ (app/ composes features);
 * - components/ and lib/ import no feature and nothing from app/; lib/ imports no component;
 * - the API and the web app never import each other; packages/shared imports neither;
 * - the API's lower layers (lib/, plugins/, db/) import no module: modules build on them, and app.ts (the
 *   composition root) hands a plugin what it needs from a module (docs/decisions/056-module-shape.md);
 * - an API module reaches another only through its use cases: another module's HTTP files (`*.routes.ts`,
 *   `*.admin.routes.ts`) and repositories (`*.repository.ts`) are its own; app.ts and admin.routes.ts compose the
 *   routes (docs/decisions/056-module-shape.md, "Vertical modules");
 * - a module with an index.ts is reached by other modules only through it (the same decision's addendum of
 *   2026-11-27);
 * - provisioning imports none of the modules built on it (certificates, ordering, scheduler).
 */
const boundaryZones = [
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: move what they share to components/ or lib/, or compose them in app/.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import app/: app/ composes features.' },
  {
    target: `${WEB}/components`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared components import no feature and nothing from app/.',
  },
  {
    target: `${WEB}/lib`,
    from: [`${WEB}/features`, `${WEB}/app`, `${WEB}/components`],
    message: 'lib/ is the lowest layer: it imports no feature, component or app code.',
  },
  {
    target: [`${API}/lib`, `${API}/plugins`, `${API}/db`],
    from: `${API}/modules`,
    message: 'lib/, plugins/ and db/ import no module: move the shared piece down, or let app.ts pass it in.',
  },
  ...apiModules.map((module) => ({
    target: `${API}/modules/${module}`,
    from: `${API}/modules/!(${module})/**/*.{routes,repository}.ts`,
    message:
      "A module reaches another only through its use cases: another module's routes and repositories are its own (decision 056).",
  })),
  ...apiEntryModules.flatMap((module) => {
    const zone = (targets, entry) => ({
      target: targets.map((other) => `${API}/modules/${other}`),
      from: `${API}/modules/${module}`,
      except: [entry],
      message: `Another module reaches ${module} only through its entry point, modules/${module}/${entry.slice(2)} (decision 056).`,
    });
    const ports = apiPorts(module);
    const others = apiModules.filter((other) => other !== module && !ports.includes(other));
    return [zone(others, './index.ts'), ...ports.map((consumer) => zone([consumer], `./${consumer}.port.ts`))];
  }),
  {
    // Provisioning lies below the modules that build on it: the certificate and web-node drivers and the certificate
    // task's target are registered by the composition root (apps/api/src/drivers.ts), not imported by the engine.
    target: `${API}/modules/provisioning`,
    from: ['certificates', 'ordering', 'scheduler'].map((module) => `${API}/modules/${module}`),
    message:
      'Provisioning imports no module built on it (certificates, ordering, scheduler): let the composition root register what it needs (decision 056).',
  },
  { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
  {
    target: './apps/api',
    from: './apps/web',
    // The locale files are the one catalogue of what a customer reads; documents the API writes (invoice PDFs,
    // statements) take their words from it (docs/decisions/026-invoice-and-statement-documents.md).
    except: ['./src/locales'],
    message: 'The API does not import the web app (its locale files excepted).',
  },
  { target: './packages/shared', from: './apps', message: 'packages/shared imports neither app.' },
  {
    target: './apps/agent',
    from: ['./apps/api', './apps/web', './packages/shared'],
    message: 'The web-node agent stands alone: it is copied onto hosting servers and imports nothing of the others.',
  },
];

/** Imports the web app refuses everywhere. */
const ENDPOINT_GROUPS = fs
  .readdirSync(path.join(import.meta.dirname, 'packages/shared/src/endpoints'))
  .filter((file) => /^[a-z]+(\.admin)?\.ts$/.test(file) && !['define.ts', 'index.ts', 'routes.ts'].includes(file))
  // A staff group's file is named after its module: domains.admin.ts holds domainsAdminEndpoints.
  .map((file) => file.replace(/\.ts$/, '').replace(/\.admin$/, 'Admin'));

const webRestrictedImports = [
  // zod only through the shared module that configures it jitless (no eval probe under the CSP).
  { name: 'zod', message: "Import { z } from '@hostpilot/shared/zod': it runs zod jitless." },
  // React 19 takes `ref` as a prop (docs/decisions/017-react-19-in-production.md): no forwardRef wrappers.
  { name: 'react', importNames: ['forwardRef'], message: 'React 19 takes `ref` as a prop: no forwardRef.' },
  // The endpoint table carries zod schemas the web does not need at run time: the web calls through its route map
  // (docs/decisions/068-typed-endpoint-contract.md, addendum).
  {
    name: '@hostpilot/shared',
    importNames: ['endpoints', ...ENDPOINT_GROUPS.map((group) => `${group}Endpoints`)],
    message: 'Call through the route map (xRoutes from @hostpilot/shared): the table itself carries its schemas.',
  },
];

const API_CALLS_MESSAGE =
  'The web app calls the API only from features/*/api/ (queryOptions and mutation hooks) and lib/: move the call there (docs/decisions/056-module-shape.md).';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows only the files with these extensions (without it, none of ours: .js only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // Absolute, so that lint resolves the same from any working directory (tests run ESLint from apps/web).
          project: ['apps/web', 'apps/api', 'apps/agent', 'packages/shared'].map((dir) =>
            path.join(import.meta.dirname, dir, 'tsconfig.json'),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones, basePath: import.meta.dirname }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: webRestrictedImports }],
    },
  },
  {
    // One way to fetch (issue 27): components, pages, layouts and guards read through their feature's api/
    // folder, whose queries the cache refreshes; only those folders and lib/ hold the HTTP client. A later entry
    // replaces the rule's options, so it repeats the web app's other refusals.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...webRestrictedImports, { name: '@/lib/session', importNames: ['api'], message: API_CALLS_MESSAGE }],
          // The same module reached by a relative path.
          patterns: [{ regex: '^\\.\\.?/(.*/)?lib/session$', importNames: ['api'], message: API_CALLS_MESSAGE }],
        },
      ],
    },
  },
  {
    // One typed endpoint table (docs/decisions/068-typed-endpoint-contract.md): a feature calls the API with
    // `api.call(entry, …)` / `api.downloadFrom(entry, …)`, its path and answer taken from packages/shared's
    // endpoints; a hand-written path stays in lib/ only.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.object.name='api'][callee.property.name=/^(get|post|put|patch|delete|request|download)$/]",
          message:
            'Call the API through its endpoint table entry: api.call(xEndpoints.entry, { params, query, body }) (docs/decisions/068-typed-endpoint-contract.md).',
        },
      ],
    },
  },
  {
    // Command-line scripts and the server's start-up banner talk to a person on a terminal.
    files: [
      'scripts/**',
      'apps/web/scripts/**',
      'apps/api/src/server.ts',
      'apps/api/src/cli.ts',
      'apps/api/scripts/**',
      'apps/api/bench/**',
      'apps/web/e2e/**',
      '**/*.config.{js,ts}',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
