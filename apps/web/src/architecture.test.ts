// @vitest-environment node
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Each probe is a file that does not exist, linted from its content, as `npm run lint` would see it. */
const PROBES = {
  crossFeature: [
    'apps/web/src/features/marketing/probe.ts',
    "import { LoginPage } from '@/features/auth/pages/login-page';\nexport const x = LoginPage;\n",
  ],
  crossFeatureRelative: [
    'apps/web/src/features/marketing/probe.ts',
    "import { AdminUsersPage } from '../admin/pages/admin-users-page';\nexport const x = AdminUsersPage;\n",
  ],
  withinFeature: [
    'apps/web/src/features/marketing/probe.ts',
    "import { HomePage } from './pages/home-page';\nimport { Button } from '@/components/ui/button';\nimport { cn } from '@/lib/cn';\nexport const x = [HomePage, Button, cn];\n",
  ],
  componentImportsFeature: [
    'apps/web/src/components/ui/probe.ts',
    "import { HomePage } from '@/features/marketing/pages/home-page';\nexport const x = HomePage;\n",
  ],
  libImportsApp: ['apps/web/src/lib/probe.ts', "import { routes } from '@/app/routes';\nexport const x = routes;\n"],
  apiLibImportsModule: [
    'apps/api/src/lib/probe.ts',
    "import { createUsersRepository } from '../modules/accounts/users.repository';\nexport const x = createUsersRepository;\n",
  ],
  apiPluginImportsModule: [
    'apps/api/src/plugins/probe.ts',
    "import { recordServerError } from '../modules/operations/error-log';\nexport const x = recordServerError;\n",
  ],
  apiDbImportsModule: [
    'apps/api/src/db/probe.ts',
    "import { INVOICE_DUE_DAYS } from '../modules/billing/ledger';\nexport const x = INVOICE_DUE_DAYS;\n",
  ],
  apiModuleImportsLib: [
    'apps/api/src/modules/accounts/probe.ts',
    "import { AppError } from '../../lib/errors';\nimport { isUniqueViolation } from '../../db/errors';\nexport const x = [AppError, isUniqueViolation];\n",
  ],
  apiImportsWeb: ['apps/api/src/probe.ts', "import { cn } from '../../web/src/lib/cn';\nexport const x = cn;\n"],
  forwardRef: [
    'apps/web/src/components/ui/probe.tsx',
    "import { forwardRef } from 'react';\nexport const X = forwardRef<HTMLInputElement>(function X(_p, ref) {\n  return <input ref={ref} />;\n});\n",
  ],
  componentCallsApi: [
    'apps/web/src/features/dashboard/components/probe.tsx',
    "import { api } from '@/lib/session';\nexport const x = api;\n",
  ],
  layoutCallsApiRelative: [
    'apps/web/src/app/layouts/probe.tsx',
    "import { api } from '../../lib/session';\nexport const x = api;\n",
  ],
  sharedComponentCallsApi: [
    'apps/web/src/components/probe.tsx',
    "import { api, useSession } from '@/lib/session';\nexport const x = [api, useSession];\n",
  ],
  componentUsesSession: [
    'apps/web/src/features/dashboard/components/probe.tsx',
    "import { session, useSession } from '@/lib/session';\nexport const x = [session, useSession];\n",
  ],
  apiFolderCallsApi: [
    'apps/web/src/features/dashboard/api/probe.ts',
    "import { api } from '@/lib/session';\nexport const x = api;\n",
  ],
  libCallsApi: ['apps/web/src/lib/probe.ts', "import { api } from './session';\nexport const x = api;\n"],
  apiFolderWritesPath: [
    'apps/web/src/features/dashboard/api/probe.ts',
    "import { api } from '@/lib/session';\nexport const x = () => api.get<unknown>('/hosting');\n",
  ],
  apiFolderCallsEntry: [
    'apps/web/src/features/dashboard/api/probe.ts',
    "import { servicesRoutes } from '@hostpilot/shared';\nimport { api } from '@/lib/session';\nexport const x = () => api.call(servicesRoutes.getHosting);\n",
  ],
  apiFolderImportsTable: [
    'apps/web/src/features/dashboard/api/probe.ts',
    "import { servicesEndpoints } from '@hostpilot/shared';\nimport { api } from '@/lib/session';\nexport const x = () => api.call(servicesEndpoints.getHosting);\n",
  ],
  libWritesPath: [
    'apps/web/src/lib/probe.ts',
    "import { api } from './session';\nexport const x = () => api.get('/meta');\n",
  ],
} as const;

type Probe = keyof typeof PROBES;

// ESLint runs in a child process from the repository root, exactly as `npm run lint` does: its TypeScript
// resolver reads path aliases relative to the working directory.
const RUNNER = `
import { ESLint } from 'eslint';
const probes = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const out = {};
for (const [name, [file, code]] of Object.entries(probes)) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out[name] = result.messages
    .filter((m) => ['import-x/no-restricted-paths', 'no-restricted-imports', 'no-restricted-syntax'].includes(m.ruleId))
    .map((m) => m.message);
}
console.log(JSON.stringify(out));
`;

let results: Record<Probe, string[]>;

describe('import boundaries (docs/architecture.md) are enforced by lint', () => {
  beforeAll(() => {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', RUNNER, JSON.stringify(PROBES)], {
      cwd: root,
      encoding: 'utf8',
    });
    results = JSON.parse(output.trim().split('\n').at(-1)!) as Record<Probe, string[]>;
  }, 120_000);

  it('refuses an import from another feature, by alias or relative path', () => {
    expect(results.crossFeature).toEqual([expect.stringContaining('Features do not import each other')]);
    expect(results.crossFeatureRelative).toEqual([expect.stringContaining('Features do not import each other')]);
  });

  it('allows imports within a feature and from shared code', () => {
    expect(results.withinFeature).toEqual([]);
  });

  it('keeps shared components and lib free of features and app code', () => {
    expect(results.componentImportsFeature).toEqual([expect.stringContaining('Shared components import no feature')]);
    expect(results.libImportsApp).toEqual([expect.stringContaining('lib/ is the lowest layer')]);
  });

  it('keeps the API and the web app apart', () => {
    expect(results.apiImportsWeb).toEqual([expect.stringContaining('The API does not import the web app')]);
  });

  it("keeps the API's lib/, plugins/ and db/ below its modules (decision 056)", () => {
    for (const probe of ['apiLibImportsModule', 'apiPluginImportsModule', 'apiDbImportsModule'] as const) {
      expect(results[probe], probe).toEqual([expect.stringContaining('import no module')]);
    }
    expect(results.apiModuleImportsLib).toEqual([]);
  });

  it("calls the API only from a feature's api/ folder and lib/ (decision 056)", () => {
    for (const probe of ['componentCallsApi', 'layoutCallsApiRelative', 'sharedComponentCallsApi'] as const) {
      expect(results[probe], probe).toEqual([expect.stringContaining('calls the API only from features/*/api/')]);
    }
    for (const probe of ['componentUsesSession', 'apiFolderCallsApi', 'libCallsApi'] as const) {
      expect(results[probe], probe).toEqual([]);
    }
  });

  it('refuses a hand-written API path in a feature: calls go through the endpoint table (decision 068)', () => {
    expect(results.apiFolderWritesPath).toEqual([expect.stringContaining('through its endpoint table entry')]);
    expect(results.apiFolderCallsEntry).toEqual([]);
    expect(results.libWritesPath).toEqual([]);
  });

  it('keeps the endpoint table and its schemas out of the web: it calls through the route map (decision 068)', () => {
    expect(results.apiFolderImportsTable).toEqual(
      expect.arrayContaining([expect.stringContaining('Call through the route map')]),
    );
  });

  it('refuses forwardRef: React 19 takes ref as a prop (decision 017)', () => {
    expect(results.forwardRef).toEqual([expect.stringContaining('no forwardRef')]);
  });
});
