import { expect } from 'vitest';
import type { App } from '../app';
import { DriverError } from '../modules/provisioning/driver';
import { callAs, type Session } from './auth';
import type { TestPowerDns } from './powerdns';

/** The DriverError a driver call ends with (docs/decisions/042-provisioning-engine.md); fails when it succeeds. */
export async function driverFailure(promise: Promise<unknown>): Promise<DriverError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DriverError);
    return error as DriverError;
  }
  throw new Error('expected a DriverError');
}

/** The provisioning tasks of a service or domain, in the order they were written. */
export function tasksOf(app: App, resourceId: string) {
  return app.database.db
    .selectFrom('provisioningTasks')
    .selectAll()
    .where('resourceId', '=', resourceId)
    .orderBy('id')
    .execute();
}

/**
 * Adds a server through the back office and gives it the PowerDNS driver of the test's PowerDNS, as staff would
 * (docs/decisions/042-provisioning-engine.md); answers its id.
 */
export async function addDnsServer(
  app: App,
  admin: Session,
  pdns: TestPowerDns,
  options: { name: string; nameservers: string },
): Promise<string> {
  const added = await callAs(app, 'POST', '/api/admin/servers', admin, {
    name: options.name,
    location: 'london',
    type: 'dedicated',
    ip: '127.0.0.1',
    capacity: 1,
    specs: { cpuModel: 'Test CPU', cpuCores: 1, ramGb: 1, storageGb: 10, bandwidthGbps: 1 },
  });
  expect(added.statusCode, added.body).toBe(201);
  const id = added.json<{ id: string }>().id;
  const driver = await callAs(app, 'PUT', `/api/admin/servers/${id}/driver`, admin, {
    driverType: 'powerdns',
    settings: { apiUrl: pdns.settings.apiUrl, serverId: 'localhost', nameservers: options.nameservers },
    secrets: { apiKey: pdns.settings.apiKey },
  });
  expect(driver.statusCode, driver.body).toBe(200);
  expect(driver.body).not.toContain(pdns.settings.apiKey);
  return id;
}
