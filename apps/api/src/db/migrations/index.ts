import type { Migration } from 'kysely';
import * as m0001 from './0001-create-users';
import * as m0002 from './0002-create-refresh-tokens';

/**
 * Every migration, in order. Imported statically so that the bundled server carries them.
 * Add a file `NNNN-what-it-does.ts` and list it here; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-create-users': m0001,
  '0002-create-refresh-tokens': m0002,
};
