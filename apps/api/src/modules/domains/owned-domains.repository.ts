import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Of these names, those the user holds (not deleted). */
export async function ownedDomainNameRows(db: Kysely<Database>, userId: string, names: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('domains')
    .select('name')
    .where('userId', '=', userId)
    .where('deletedAt', 'is', null)
    .where('name', 'in', names)
    .execute();
  return rows.map((row) => row.name);
}
