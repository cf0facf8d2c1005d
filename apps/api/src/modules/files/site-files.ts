import { VALIDATION_MESSAGES } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { notFound } from '../../lib/not-found';
import type { SecretBox } from '../../lib/secret-box';
import {
  openConnection,
  parseConnection,
  createWebNodeFiles,
  type WebNodeFiles,
  webNodeSettings,
  findSiteNode,
} from '../provisioning';
import { ownHostingService } from '../services';

/**
 * The signed-in owner's hosting service on a web node, active, and the agent's file calls for its site
 * (docs/decisions/057-file-manager.md): another account's service, or one no web node holds, is 404; a suspended
 * one is refused (`validation.fileSiteSuspended`); a node without settings is 503.
 */
export async function siteFilesOf(
  { db, secretBox }: { db: Kysely<Database>; secretBox: SecretBox },
  userId: string,
  serviceId: string,
): Promise<WebNodeFiles> {
  const service = await ownHostingService(db, userId, serviceId);
  const server = service ? await findSiteNode(db, service) : undefined;
  if (!service || !server) throw notFound('Hosting service');
  if (service.status !== 'active') {
    const key = 'validation.fileSiteSuspended';
    throw new AppError('INVALID_STATE', {
      message: VALIDATION_MESSAGES[key],
      fields: { service: { code: key, message: VALIDATION_MESSAGES[key] } },
    });
  }
  let settings;
  try {
    settings = webNodeSettings(openConnection(secretBox, server.id, parseConnection(server.connectionSettings)));
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', { message: 'The web node is not set up', cause: error });
  }
  return createWebNodeFiles(settings, service.id);
}
