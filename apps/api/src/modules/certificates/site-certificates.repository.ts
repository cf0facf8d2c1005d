import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The certificates rows of the sites that serve them (docs/decisions/049-certificates-through-acme.md, addendum):
 * which certificate a site may serve, where each is installed, and which ones still wait for their install.
 */

/** The certificates of `domain` still good to serve at `now` (issued, renewing, or failed to renew), with their service. */
export const servableCertificates = (db: Kysely<Database>, domain: string, now: number) =>
  db
    .selectFrom('certificates')
    .select(['id', 'serviceId', 'serial', 'notAfter'])
    .where('domain', '=', domain)
    .where('status', 'in', ['issued', 'renewing', 'failed'])
    .where('certificatePem', 'is not', null)
    .where('revokedAt', 'is', null)
    .where('notAfter', '>', now)
    .execute();

/** Forgets that a certificate is installed on the site of `serviceId`, but for the one `keptId` names. */
export async function clearInstalledOn(db: Kysely<Database>, serviceId: string, keptId?: string): Promise<void> {
  let cleared = db
    .updateTable('certificates')
    .set({ installedServiceId: null, installedSerial: null, installedAt: null })
    .where('installedServiceId', '=', serviceId);
  if (keptId !== undefined) cleared = cleared.where('id', '!=', keptId);
  await cleared.execute();
}

/** Records the serial of a certificate installed on the site of `serviceId`, unless that serial is recorded already. */
export async function markInstalledOn(
  db: Kysely<Database>,
  installed: { id: string; serial: string },
  serviceId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ installedServiceId: serviceId, installedSerial: installed.serial, installedAt: now })
    .where('id', '=', installed.id)
    .where((eb) => eb.or([eb('installedSerial', 'is', null), eb('installedSerial', '!=', installed.serial)]))
    .execute();
}

/** The domains of these services' certificates issued (or renewing) and not installed with their serial. */
export async function uninstalledDomains(trx: Kysely<Database>, serviceIds: readonly string[]): Promise<string[]> {
  if (serviceIds.length === 0) return [];
  const rows = await trx
    .selectFrom('certificates')
    .select('domain')
    .distinct()
    .where('serviceId', 'in', [...serviceIds])
    .where('status', 'in', ['issued', 'renewing'])
    .where('serial', 'is not', null)
    .where((eb) => eb.or([eb('installedSerial', 'is', null), eb('installedSerial', '!=', eb.ref('serial'))]))
    .execute();
  return rows.map((row) => row.domain);
}

/** Which of these services have a certificate row already. */
export async function servicesWithCertificate(
  trx: Kysely<Database>,
  serviceIds: readonly string[],
): Promise<Set<string>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('certificates')
    .select('serviceId')
    .where('serviceId', 'in', [...serviceIds])
    .execute();
  return new Set(rows.map((row) => row.serviceId));
}
