import type { Migration } from 'kysely';
import * as m0001 from './0001-create-users';
import * as m0002 from './0002-create-refresh-tokens';
import * as m0040 from './0040-create-account-tokens';
import * as m0041 from './0041-add-users-email-verified-at';
import * as m0042 from './0042-create-sign-ins';

/**
 * Every migration, in order. Imported statically so that the bundled server carries them.
 * Add a file `NNNN-what-it-does.ts` and list it here; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-create-users': m0001,
  '0002-create-refresh-tokens': m0002,
  '0040-create-account-tokens': m0040,
  '0041-add-users-email-verified-at': m0041,
  '0042-create-sign-ins': m0042,
};
