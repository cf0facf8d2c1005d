import type { AdminServerDriver } from '@hostpilot/shared';
import type { SecretBox } from '../../lib/secret-box';
import type { DriverSettings } from './driver';

/**
 * A server's connection settings as stored in `servers.connection_settings` (docs/decisions/042-provisioning-engine.md):
 * `{ settings, secrets }`, each secret sealed with the server key and bound to its server and field, like the SMTP
 * password (docs/decisions/034-system-settings-and-mail.md). Secrets are opened only for a driver, never answered.
 */
export interface StoredConnection {
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

const purpose = (serverId: string, field: string) => `server:${serverId}:${field}`;

export function parseConnection(text: string | null): StoredConnection {
  if (!text) return { settings: {}, secrets: {} };
  const parsed = JSON.parse(text) as Partial<StoredConnection>;
  return { settings: parsed.settings ?? {}, secrets: parsed.secrets ?? {} };
}

/**
 * The stored settings after an edit: settings replaced as given; a secret given as a string sealed, as null
 * removed, left out kept.
 */
export function updateConnection(
  box: SecretBox,
  serverId: string,
  stored: StoredConnection,
  input: { settings: Record<string, string>; secrets: Record<string, string | null> },
  keepSecrets: boolean,
): StoredConnection {
  const secrets: Record<string, string> = keepSecrets ? { ...stored.secrets } : {};
  for (const [name, value] of Object.entries(input.secrets)) {
    if (value === null || value === '') delete secrets[name];
    else secrets[name] = box.seal(value, purpose(serverId, name));
  }
  return { settings: { ...input.settings }, secrets };
}

/** The settings a driver reads: plain settings and opened secrets (a secret that no longer opens is left out). */
export function openConnection(box: SecretBox, serverId: string, stored: StoredConnection): DriverSettings {
  const opened: Record<string, string> = { ...stored.settings };
  for (const [name, sealed] of Object.entries(stored.secrets)) {
    const value = box.open(sealed, purpose(serverId, name));
    if (value !== undefined) opened[name] = value;
  }
  return opened;
}

/** The secret values of a server's settings, to mask in anything logged. */
export function secretValues(box: SecretBox, serverId: string, stored: StoredConnection): string[] {
  return Object.entries(stored.secrets)
    .map(([name, sealed]) => box.open(sealed, purpose(serverId, name)))
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/** Replaces every secret value in a text by ***. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) masked = masked.split(secret).join('***');
  return masked;
}

/** A server's driver as the back office sees it: no secret, only which are set. */
export function driverView(row: {
  driverType: AdminServerDriver['type'];
  connectionSettings: string | null;
  connectionStatus: 'ok' | 'failed' | null;
  connectionCheckedAt: number | null;
  connectionError: string | null;
}): AdminServerDriver {
  const stored = parseConnection(row.connectionSettings);
  return {
    type: row.driverType,
    settings: stored.settings,
    secretsSet: Object.keys(stored.secrets).sort(),
    connection: {
      status: row.connectionStatus,
      checkedAt: row.connectionCheckedAt === null ? null : new Date(row.connectionCheckedAt).toISOString(),
      error: row.connectionError,
    },
  };
}
