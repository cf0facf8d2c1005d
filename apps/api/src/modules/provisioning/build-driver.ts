import { maskSecrets, openConnection, parseConnection, secretValues } from './connection-settings';
import {
  type DriverContext,
  DriverError,
  type DriverSettings,
  type DriverType,
  type ProvisioningDriver,
} from './driver';
import { driverFactory, driverPreparation } from './registry';

/**
 * Builds the driver of a server (docs/decisions/042-provisioning-engine.md): its stored settings opened, what the
 * driver type prepares added (docs/decisions/049-certificates-through-acme.md), then its factory. Answers the
 * secret values to mask in anything logged; undefined when no factory is registered for the type. Settings the
 * factory refuses throw a DriverError `invalid`, final.
 */
export async function buildDriver(
  context: DriverContext,
  type: DriverType,
  server: { id: string; connectionSettings: string | null },
): Promise<{ driver: ProvisioningDriver; settings: DriverSettings; secrets: string[] } | undefined> {
  const factory = driverFactory(type);
  if (!factory) return undefined;
  const stored = parseConnection(server.connectionSettings);
  const secrets = secretValues(context.secretBox, server.id, stored);
  let settings = openConnection(context.secretBox, server.id, stored);
  try {
    const prepare = driverPreparation(type);
    if (prepare) {
      const added = await prepare(context, server, settings);
      settings = { ...settings, ...added.settings };
      secrets.push(...added.secrets);
    }
    return { driver: factory(settings, context), settings, secrets };
  } catch (error) {
    throw error instanceof DriverError
      ? error
      : new DriverError({
          code: 'invalid',
          message: maskSecrets(
            error instanceof Error ? error.message : 'The server settings are not valid for this driver',
            secrets,
          ),
          retryable: false,
          cause: error,
        });
  }
}
