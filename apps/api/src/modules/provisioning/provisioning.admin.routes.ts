import {
  type adminProvisioningQuerySchema,
  type adminServerDriverInputSchema,
  provisioningEndpoints,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import type { Mailer } from '../../lib/mail/mailer';
import type { SecretBox } from '../../lib/secret-box';
import { staffOf } from '../../plugins/authorize';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { sendNoticeMails } from '../notifications';
import { listTasks } from './list-tasks';
import { setServerDriver, testServerConnection } from './server-driver';
import { actOnTask, TASK_ACTIONS, type TaskAction } from './task-actions';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * The back office of the provisioning engine (docs/decisions/042-provisioning-engine.md): a server's driver and
 * connection settings (secrets sealed, never answered), its Test connection, the task list with its filters, and
 * Retry, Cancel and Mark done, each audited in the transaction of its change.
 */

type Query = z.output<typeof adminProvisioningQuerySchema>;
const security = [{ bearerAuth: [] }];
const NOT_FOUND = { 404: 'NOT_FOUND: no task (or server) has this id' } as const;
/** The staff actions on a task, by the last segment of their path. */
const ACTIONS = {
  retry: provisioningEndpoints.postAdminProvisioningRetry,
  cancel: provisioningEndpoints.postAdminProvisioningCancel,
  complete: provisioningEndpoints.postAdminProvisioningComplete,
} as const;

export const adminProvisioningRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  secretBox: SecretBox;
  mailer: Mailer;
}> = async (app, { clock, secretBox, mailer }) => {
  const { db, kind } = app.database;

  const drivers = { db, secretBox, clock, engine: app.provisioning };

  endpointRoute(
    app,
    provisioningEndpoints.putAdminServersDriver,
    {
      schema: {
        tags: ['admin'],
        summary: "Set a server's provisioning driver and connection settings",
        description:
          'A secret given as a string replaces the stored one, as null clears it, left out keeps it; secrets are ' +
          'sealed at rest and never answered (only `secretsSet`). Changing the driver type clears the secrets and ' +
          'the last test. Tasks waiting for a server of this driver type are woken. Needs `servers.write`; audited ' +
          '(`server.driver`, secret values masked).',
        security,
        response: {
          ...errorResponses({ ...BODY_ERRORS, ...STAFF_ERRORS, ...NOT_FOUND }),
        },
      },
    },
    async (request) => {
      const input = request.body as z.output<typeof adminServerDriverInputSchema>;
      return setServerDriver(drivers, {
        id: request.params.id,
        staffId: staffOf(request).userId,
        ip: request.ip,
        input,
      });
    },
  );

  endpointRoute(
    app,
    provisioningEndpoints.postAdminServersTestConnection,
    {
      schema: {
        tags: ['admin'],
        summary: "Test a server's connection through its driver",
        description:
          "Calls the driver's test; the outcome is kept on the server (a failed server takes no new orders) and " +
          'logged as a driver call. 409 INVALID_STATE when the server has no driver (or none is installed for its ' +
          'type). Needs `servers.write`; audited (`server.testConnection`).',
        security,
        response: {
          ...errorResponses({ ...STAFF_ERRORS, ...NOT_FOUND, 409: 'INVALID_STATE: the server has no driver' }),
        },
      },
    },
    async (request) => {
      return testServerConnection(drivers, { id: request.params.id, staffId: staffOf(request).userId, ip: request.ip });
    },
  );

  endpointRoute(
    app,
    provisioningEndpoints.getAdminProvisioning,
    {
      schema: {
        tags: ['admin'],
        summary: 'Provisioning tasks: filter by status, server, customer, service or domain; page',
        description:
          "`q` matches any part of the owner's e-mail or name. Newest first. `counts` gives every status's number under the other filters. A task's `error` is the " +
          "driver's last error (staff only). Needs `provisioning.read`.",
        security,
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => listTasks(db, kind, request.query as Query),
  );

  /** Retry, Cancel or Mark done on one task, audited in the transaction of its change (task-actions.ts). */
  const action = (path: TaskAction, summary: string) => {
    const { from } = TASK_ACTIONS[path];
    endpointRoute(
      app,
      ACTIONS[path],
      {
        schema: {
          tags: ['admin'],
          summary,
          description: `Allowed from ${from.join(', ')}; 409 INVALID_STATE otherwise. Needs \`provisioning.write\`; audited (\`provisioning.${path}\`).`,
          security,
          response: errorResponses({
            ...STAFF_ERRORS,
            ...NOT_FOUND,
            409: 'INVALID_STATE: the task is not in a status this allows',
          }),
        },
      },
      async (request, reply) => {
        const mails = await actOnTask(db, app.provisioning, {
          id: request.params.id,
          action: path,
          staffId: staffOf(request).userId,
          now: clock.now(),
          ip: request.ip,
        });
        await sendNoticeMails(db, mailer, request.log, mails);
        return reply.code(204).send(null);
      },
    );
  };

  action('retry', 'Retry a task now, with a fresh set of tries');
  action('cancel', 'Cancel a task: it will not run');
  action('complete', 'Mark a task done by hand (the change was made outside the engine)');
};
