import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DriverContext, DriverFactory, DriverSettings, DriverType, ProvisioningTarget } from './driver';

/**
 * The driver registry (docs/decisions/042-provisioning-engine.md): one factory per driver type, registered once
 * when the process loads, by the composition root (`apps/api/src/drivers.ts`), so that the modules whose drivers
 * these are (certificates) build on provisioning and not the other way round (docs/decisions/056-module-shape.md).
 * A service or domain whose driver type has no factory here is not provisioned: it keeps the behaviour it had
 * before the engine (active at once, no tasks).
 */

/**
 * Settings a driver needs from elsewhere before it is built (the certificate driver's account key, made once,
 * and the PowerDNS it publishes challenges on). Answers the settings to add and the secret values among them,
 * which the engine masks in what it logs.
 */
export type DriverPreparation = (
  context: DriverContext,
  server: { id: string },
  settings: DriverSettings,
) => Promise<{ settings: DriverSettings; secrets: string[] }>;

interface Registration {
  factory: DriverFactory;
  prepare?: DriverPreparation;
}

const registrations = new Map<DriverType, Registration>();

/** Registers the factory of a driver type (a later call replaces an earlier one). */
export function registerDriver(type: DriverType, factory: DriverFactory, prepare?: DriverPreparation): void {
  registrations.set(type, { factory, prepare });
}

export function driverFactory(type: DriverType): DriverFactory | undefined {
  return registrations.get(type)?.factory;
}

export function driverPreparation(type: DriverType): DriverPreparation | undefined {
  return registrations.get(type)?.prepare;
}

/**
 * What a service's task of a driver type acts on, when it is not the service itself: a certificate task's target
 * is the certificate row of the service (docs/decisions/049-certificates-through-acme.md). Undefined when the row
 * is gone. Kept apart from the factories, so that a test's own factory for a type keeps the type's target.
 */
export type TargetLoader = (db: Kysely<Database>, serviceId: string) => Promise<ProvisioningTarget | undefined>;

const targetLoaders = new Map<DriverType, TargetLoader>();

/** Registers how a service's task of the driver type finds its target (targets.ts asks it). */
export function registerTargetLoader(type: DriverType, loader: TargetLoader): void {
  targetLoaders.set(type, loader);
}

export function targetLoader(type: DriverType): TargetLoader | undefined {
  return targetLoaders.get(type);
}

/** The service kinds and plans each driver provisions; domains are served by the DNS driver. */
export function serviceDriverType(kind: string, planId: string): DriverType | null {
  if (kind === 'hosting') return 'web-node';
  if (kind === 'extra' && planId === 'ssl') return 'acme';
  return null;
}

export const DOMAIN_DRIVER_TYPE: DriverType = 'powerdns';

/** Whether a driver type has a registered factory. */
export function driverRegistered(type: DriverType): boolean {
  return registrations.has(type);
}

/** The driver type a resource is provisioned by, when one is registered; null keeps it out of the engine. */
export function provisionedBy(
  resource: { type: 'service'; kind: string; planId: string } | { type: 'domain' },
): DriverType | null {
  const type = resource.type === 'domain' ? DOMAIN_DRIVER_TYPE : serviceDriverType(resource.kind, resource.planId);
  return type && registrations.has(type) ? type : null;
}
