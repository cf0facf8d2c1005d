import type { DriverFactory, DriverType } from './driver';
import { createPowerDnsDriver } from './drivers/powerdns/driver';
import { createWebNodeDriver } from './drivers/web-node/driver';

/**
 * The driver registry (docs/decisions/042-provisioning-engine.md): one factory per driver type, registered once
 * when the process loads. A service or domain whose driver type has no factory here is not provisioned: it keeps
 * the behaviour it had before the engine (active at once, no tasks).
 */
const factories = new Map<DriverType, DriverFactory>();

/** Registers the factory of a driver type (a later call replaces an earlier one). */
export function registerDriver(type: DriverType, factory: DriverFactory): void {
  factories.set(type, factory);
}

export function driverFactory(type: DriverType): DriverFactory | undefined {
  return factories.get(type);
}

// The drivers this version ships (docs/decisions/046-dns-on-powerdns.md for DNS, 055-web-node-agent.md for hosting).
registerDriver('powerdns', createPowerDnsDriver);
registerDriver('web-node', createWebNodeDriver);

/** The service kinds and plans each driver provisions; domains are served by the DNS driver. */
export function serviceDriverType(kind: string, planId: string): DriverType | null {
  if (kind === 'hosting') return 'web-node';
  if (kind === 'extra' && planId === 'ssl') return 'acme';
  return null;
}

export const DOMAIN_DRIVER_TYPE: DriverType = 'powerdns';

/** The driver type a resource is provisioned by, when one is registered; null keeps it out of the engine. */
export function provisionedBy(
  resource: { type: 'service'; kind: string; planId: string } | { type: 'domain' },
): DriverType | null {
  const type = resource.type === 'domain' ? DOMAIN_DRIVER_TYPE : serviceDriverType(resource.kind, resource.planId);
  return type && factories.has(type) ? type : null;
}
