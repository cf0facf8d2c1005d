// Runs our own PowerDNS (docs/decisions/046-dns-on-powerdns.md) in the folder given, on free loopback ports, for
// a test that may not import the API's code (the end-to-end specs): prints one JSON line with its API address,
// API key and DNS port once it answers, and stops it on SIGTERM or SIGINT.
//   node --import tsx apps/api/scripts/powerdns.ts <folder>
import { startPowerDns } from '../src/modules/provisioning/drivers/powerdns/process';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: powerdns.ts <folder>');
  process.exit(2);
}
const pdns = await startPowerDns({ dir });
process.stdout.write(`${JSON.stringify({ apiUrl: pdns.apiUrl, apiKey: pdns.apiKey, dnsPort: pdns.dnsPort })}\n`);
const stop = () => void pdns.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
