import { z } from '../schemas/zod';

/**
 * A hosting service's MariaDB databases as its owner sees them (docs/decisions/055-web-node-agent.md): each
 * database and its user share one name, `<site user>_<suffix>`. A password is answered once, when the database is
 * created or its password reset, and is kept nowhere on our side.
 */

/** What the customer types after the site's prefix: lower-case letters, digits and `_`, 1–16 characters. */
export const DATABASE_SUFFIX_PATTERN = /^[a-z0-9_]{1,16}$/;
export const DATABASE_SUFFIX_MAX = 16;

export const databaseCreateSchema = z.strictObject({
  name: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .regex(DATABASE_SUFFIX_PATTERN, { error: 'validation.databaseName' }),
});
export type DatabaseCreateInput = z.infer<typeof databaseCreateSchema>;

/** A database's full name in the path: the site's prefix and the suffix. */
export const databaseParamsSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().regex(/^[a-z][a-z0-9_-]{0,31}_[a-z0-9_]{1,16}$/, { error: 'validation.databaseName' }),
});

export const hostingDatabaseSchema = z.object({
  name: z.string(),
  user: z.string().describe('The database user: the same name as the database'),
});
export type HostingDatabase = z.infer<typeof hostingDatabaseSchema>;

export const hostingDatabasesSchema = z.object({
  databases: z.array(hostingDatabaseSchema),
  limit: z.number().int().nonnegative().describe("The plan's number of databases"),
  prefix: z.string().describe('Put before the name the customer types (`hp3fa2c1d9e0_`)'),
  host: z.string().describe('The address PHP on the site connects to'),
  port: z.number().int(),
});
export type HostingDatabases = z.infer<typeof hostingDatabasesSchema>;

export const databaseCredentialsSchema = hostingDatabaseSchema.extend({
  password: z.string().describe('Shown once; not kept by us'),
  host: z.string(),
  port: z.number().int(),
});
export type DatabaseCredentials = z.infer<typeof databaseCredentialsSchema>;
