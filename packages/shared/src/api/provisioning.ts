import { enumFilter, listQuerySchema, pageSchema } from '../schemas/list-query';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';

/**
 * Contracts of the provisioning engine (docs/decisions/042-provisioning-engine.md): the driver types a server
 * can be given, a server's connection settings, the tasks of the outbox as the back office lists them, and the
 * setup state a customer sees beside a service or domain.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });
const timestamp = z.iso.datetime();

/** The kinds of driver a server can be given in the back office. */
export const DRIVER_TYPES = ['powerdns', 'acme', 'web-node'] as const;
export type DriverType = (typeof DRIVER_TYPES)[number];

/**
 * The connection fields each driver reads: `settings` are shown back to staff, `secrets` are sealed at rest and
 * never answered (only which of them are set). The back-office form offers exactly these.
 */
export const DRIVER_FIELDS: Readonly<Record<DriverType, { settings: readonly string[]; secrets: readonly string[] }>> =
  {
    powerdns: { settings: ['apiUrl', 'serverId', 'zoneKind', 'hostmaster', 'nameservers'], secrets: ['apiKey'] },
    acme: { settings: ['directoryUrl', 'email'], secrets: ['eabKeyId', 'eabHmacKey'] },
    'web-node': { settings: ['agentUrl'], secrets: ['sharedSecret'] },
  };

/** The life of one provisioning task; `failed` is a task whose tries ran out (staff may Retry it). */
export const PROVISIONING_TASK_STATUSES = ['pending', 'running', 'failed', 'done', 'cancelled'] as const;
export type ProvisioningTaskStatus = (typeof PROVISIONING_TASK_STATUSES)[number];

/** What a task asks the driver to do (the driver contract's operations). */
export const PROVISIONING_OPERATIONS = ['create', 'suspend', 'unsuspend', 'terminate', 'changePlan', 'update'] as const;
export type ProvisioningOperation = (typeof PROVISIONING_OPERATIONS)[number];

/**
 * A service's or domain's setup beside its status: `provisioning` while a task for it waits or runs ("being set
 * up"), `delayed` once a task's tries ran out ("setup delayed"); null when nothing is outstanding.
 */
export const SETUP_STATES = ['provisioning', 'delayed'] as const;
export type SetupState = (typeof SETUP_STATES)[number];
export const setupStateSchema = z
  .enum(SETUP_STATES)
  .nullable()
  .describe('`provisioning` while being set up, `delayed` when setup is late; null when nothing is outstanding');

// ---------------------------------------------------------------------------------------------------------
// A server's driver (PUT /api/admin/servers/:id/driver, POST /api/admin/servers/:id/test-connection)

const fieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, msg('validation.unknownField'));
const fieldValue = z.string(msg('validation.invalidType')).trim().max(2000, msg('validation.tooLong'));

/**
 * The driver and connection settings of a server. A secret given as a string replaces the stored one, as null
 * clears it, and left out keeps it, so the form never needs the stored value back.
 */
export const adminServerDriverInputSchema = z
  .strictObject(
    {
      driverType: z.enum(DRIVER_TYPES, msg('validation.driverType')).nullable(),
      settings: z.record(fieldName, fieldValue).default({}),
      secrets: z.record(fieldName, fieldValue.nullable()).default({}),
    },
    msg('validation.unknownField'),
  )
  .superRefine((input, ctx) => {
    const fields = input.driverType ? DRIVER_FIELDS[input.driverType] : { settings: [], secrets: [] };
    for (const name of Object.keys(input.settings)) {
      if (!fields.settings.includes(name)) ctx.addIssue({ code: 'custom', path: ['settings', name], ...unknown });
    }
    for (const name of Object.keys(input.secrets)) {
      if (!fields.secrets.includes(name)) ctx.addIssue({ code: 'custom', path: ['secrets', name], ...unknown });
    }
  });
const unknown = { message: 'validation.unknownField' as ValidationMessageKey };
export type AdminServerDriverInput = z.input<typeof adminServerDriverInputSchema>;

/** A server's driver as the back office sees it: never a secret, only which secrets are set. */
export const adminServerDriverSchema = z.object({
  type: z.enum(DRIVER_TYPES).nullable(),
  settings: z.record(z.string(), z.string()),
  secretsSet: z.array(z.string()).describe('The names of the secret fields that hold a value'),
  connection: z.object({
    status: z.enum(['ok', 'failed']).nullable().describe('The last connection test; null before the first'),
    checkedAt: timestamp.nullable(),
    error: z.string().nullable().describe("The driver's words for the last failure (staff only)"),
  }),
});
export type AdminServerDriver = z.infer<typeof adminServerDriverSchema>;

// ---------------------------------------------------------------------------------------------------------
// Tasks (GET /api/admin/provisioning, POST /api/admin/provisioning/:id/{retry,cancel,complete})

const PROVISIONING_LIST = {
  sort: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: {
    status: enumFilter(PROVISIONING_TASK_STATUSES),
    serverId: z.string().max(64, msg('validation.filter')),
    userId: z.string().max(64, msg('validation.filter')),
    resourceType: enumFilter(['service', 'domain']),
    resourceId: z.string().max(64, msg('validation.filter')),
  },
} as const;

export const adminProvisioningQuerySchema = listQuerySchema(PROVISIONING_LIST);
export type AdminProvisioningQuery = z.input<typeof adminProvisioningQuerySchema>;

export const adminProvisioningTaskSchema = z.object({
  id: z.string(),
  resource: z.object({
    type: z.enum(['service', 'domain']),
    id: z.string(),
    name: z.string().describe('The service name or domain name'),
  }),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  driverType: z.enum(DRIVER_TYPES),
  operation: z.enum(PROVISIONING_OPERATIONS),
  status: z.enum(PROVISIONING_TASK_STATUSES),
  server: z.object({ id: z.string(), name: z.string() }).nullable(),
  attempts: z.number().int().nonnegative(),
  maxAttempts: z.number().int().positive(),
  nextAttemptAt: timestamp.nullable(),
  waitReason: z.enum(['no-server']).nullable().describe('Why a pending task is not being tried'),
  error: z
    .object({ code: z.string(), message: z.string() })
    .nullable()
    .describe("The driver's last error, for staff; never shown to customers"),
  createdAt: timestamp,
  updatedAt: timestamp,
  finishedAt: timestamp.nullable(),
});
export type AdminProvisioningTask = z.infer<typeof adminProvisioningTaskSchema>;
export const adminProvisioningPageSchema = pageSchema(adminProvisioningTaskSchema).extend({
  counts: z.object(
    Object.fromEntries(PROVISIONING_TASK_STATUSES.map((s) => [s, z.number().int().nonnegative()])) as Record<
      ProvisioningTaskStatus,
      z.ZodNumber
    >,
  ),
});
export type AdminProvisioningPage = z.infer<typeof adminProvisioningPageSchema>;
