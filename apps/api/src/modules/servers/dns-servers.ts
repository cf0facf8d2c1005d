import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type DriverSettings, parseConnection } from '../provisioning';
import { connectionSettingsOfDriver } from './servers.repository';

/**
 * The settings of our DNS servers (the PowerDNS driver's, docs/decisions/046-dns-on-powerdns.md), one per server;
 * empty while none is connected. The domains module reads the name servers they answer for from them.
 */
export async function dnsServerSettings(db: Kysely<Database>): Promise<DriverSettings[]> {
  return (await connectionSettingsOfDriver(db, 'powerdns')).map((stored) => parseConnection(stored).settings);
}
