import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
/** A probe's place in the API's source folder (the probe files exist only in the ESLint run). */
const at = (file: string) => `apps/api/src/${file}`;

/**
 * The API's module rules of docs/decisions/056-module-shape.md, linted on probe files that do not exist, as
 * `npm run lint` would see them (the lower layers' probes are in apps/web/src/architecture.test.ts).
 */
const PROBES = {
  // The routes and repositories probes reach modules with an index.ts (support, notifications): lint refuses each
  // twice, as another module's routes or repository and as a file beside the entry point.
  moduleImportsOtherRoutes: [
    at('modules/billing/probe.ts'),
    "import { supportRoutes } from '../support/support.routes';\nexport const x = supportRoutes;\n",
  ],
  moduleImportsOtherStaffRoutes: [
    at('modules/scheduler/probe.ts'),
    "import { adminSupportRoutes } from '../support/support.admin.routes';\nexport const x = adminSupportRoutes;\n",
  ],
  moduleImportsOtherRepository: [
    at('modules/dashboard/probe.ts'),
    "import { createNotificationsRepository } from '../notifications/notifications.repository';\nexport const x = createNotificationsRepository;\n",
  ],
  moduleImportsUseCase: [
    at('modules/scheduler/probe.ts'),
    "import { renew } from '../billing';\nexport const x = renew;\n",
  ],
  moduleImportsItsOwn: [
    at('modules/notifications/probe.ts'),
    "import { createNotificationsRepository } from './notifications.repository';\nimport { notificationsRoutes } from './notifications.routes';\nexport const x = [createNotificationsRepository, notificationsRoutes];\n",
  ],
  moduleImportsAroundEntryPoint: [
    at('modules/provisioning/probe.ts'),
    "import { listAdminDomains } from '../domains/list-domains';\nimport { addonDomainHooks } from '../services/addon-domains';\nimport { activeCustomerId } from '../accounts/customer-owner';\nexport const x = [listAdminDomains, addonDomainHooks, activeCustomerId];\n",
  ],
  moduleImportsEntryPoint: [
    at('modules/billing/probe.ts'),
    "import { findDomainZone } from '../domains';\nimport { ownServiceState } from '../services/index';\nexport const x = [findDomainZone, ownServiceState];\n",
  ],
  provisioningImportsPort: [
    at('modules/provisioning/probe.ts'),
    "import { findDomainZone } from '../domains/provisioning.port';\nimport { servedAddonNames } from '../services/provisioning.port';\nimport { serverAddress } from '../servers/provisioning.port';\nexport const x = [findDomainZone, servedAddonNames, serverAddress];\n",
  ],
  provisioningImportsEntryPoint: [
    at('modules/provisioning/probe.ts'),
    "import { findDomainZone } from '../domains';\nexport const x = findDomainZone;\n",
  ],
  otherModuleImportsPort: [
    at('modules/billing/probe.ts'),
    "import { findDomainZone } from '../domains/provisioning.port';\nexport const x = findDomainZone;\n",
  ],
  // The real tasks.ts, reaching domains through its index.ts again: domains/staff-domains.ts enqueues provisioning
  // tasks through provisioning/index.ts, which exports tasks.ts, so the import closes a cycle.
  provisioningCycle: [
    at('modules/provisioning/tasks.ts'),
    "import { findDomainOwner } from '../domains';\nexport const x = findDomainOwner;\n",
  ],
  provisioningImportsModuleAbove: [
    at('modules/provisioning/probe.ts'),
    "import { orderServiceCertificate } from '../certificates';\nexport const x = orderServiceCertificate;\n",
  ],
  moduleImportsOwnFilesBesideEntryPoint: [
    at('modules/services/probe.ts'),
    "import { addonDomainHooks } from './addon-domains';\nimport { recordSiteUsage } from './service-provisioning.repository';\nexport const x = [addonDomainHooks, recordSiteUsage];\n",
  ],
  compositionImportsRoutes: [
    at('probe.ts'),
    "import { servicesRoutes } from './modules/services/services.routes';\nexport const x = servicesRoutes;\n",
  ],
} as const;

type Probe = keyof typeof PROBES;

// ESLint runs in a child process from the repository root, exactly as `npm run lint` does.
const RUNNER = `
import { ESLint } from 'eslint';
const probes = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const out = {};
for (const [name, [file, code]] of Object.entries(probes)) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out[name] = result.messages.map((m) => (m.ruleId ?? 'fatal') + ': ' + m.message);
}
console.log(JSON.stringify(out));
`;

let results: Record<Probe, string[]>;

describe("the API's modules meet only through their use cases, and lint proves it (decision 056)", () => {
  beforeAll(() => {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', RUNNER, JSON.stringify(PROBES)], {
      cwd: root,
      encoding: 'utf8',
    });
    results = JSON.parse(output.trim().split('\n').at(-1)!) as Record<Probe, string[]>;
  }, 120_000);

  it("refuses another module's customer and staff routes and its repositories", () => {
    for (const probe of [
      'moduleImportsOtherRoutes',
      'moduleImportsOtherStaffRoutes',
      'moduleImportsOtherRepository',
    ] as const) {
      expect(results[probe], probe).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*A module reaches another only through its use cases/),
        expect.stringMatching(
          /^import-x\/no-restricted-paths: .*reaches (support|notifications) only through its entry point/,
        ),
      ]);
    }
  });

  it('refuses, for a module with an entry point (index.ts), any other of its files from another module', () => {
    expect(results.moduleImportsAroundEntryPoint).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*reaches domains only through its entry point/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*reaches services only through its entry point/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*reaches accounts only through its entry point/),
    ]);
  });

  it('refuses provisioning any module built on it, even through its entry point', () => {
    expect(results.provisioningImportsModuleAbove).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Provisioning imports no module built on it/),
    ]);
  });

  it('gives every module an entry point, so that every module is reached only through it', () => {
    const modules = fs
      .readdirSync(path.join(root, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.length).toBeGreaterThan(15);
    expect(
      modules.filter((module) => !fs.existsSync(path.join(root, 'apps/api/src/modules', module, 'index.ts'))),
    ).toEqual([]);
  });

  it('gives provisioning, and provisioning only, the narrow entry point of the modules that enqueue its tasks', () => {
    expect(results.provisioningImportsPort).toEqual([]);
    expect(results.provisioningImportsEntryPoint).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*reaches domains only through its entry point, modules\/domains\/provisioning\.port\.ts/,
      ),
    ]);
    expect(results.otherModuleImportsPort).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*reaches domains only through its entry point, modules\/domains\/index\.ts/,
      ),
    ]);
  });

  it('reports an import cycle between modules', () => {
    expect(results.provisioningCycle).toContainEqual(expect.stringMatching(/^import-x\/no-cycle: /));
  });

  it("allows another module's use cases, a module's own files, and the composition root's routes", () => {
    for (const probe of [
      'moduleImportsUseCase',
      'moduleImportsItsOwn',
      'moduleImportsEntryPoint',
      'moduleImportsOwnFilesBesideEntryPoint',
      'compositionImportsRoutes',
    ] as const) {
      expect(results[probe], probe).toEqual([]);
    }
  });
});
