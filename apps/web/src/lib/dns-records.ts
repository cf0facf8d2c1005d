import type { DnsImportResult, DnsRecordInput } from '@hostpilot/shared';
import { api } from './session';

/**
 * The calls of the DNS records editor (components/dns/dns-records-editor.tsx), one editor for the customer's own
 * domain and the back office's view of any domain: each gives the records' endpoint, so the calls live here, beside
 * the HTTP client, rather than in one feature's api folder.
 */
export function dnsRecordsApi(recordsPath: string) {
  const one = (id: string) => `${recordsPath}/${encodeURIComponent(id)}`;
  return {
    add: (input: DnsRecordInput) => api.post(recordsPath, input),
    change: (id: string, input: DnsRecordInput) => api.put(one(id), input),
    remove: (id: string) => api.delete(one(id)),
    importZone: (importPath: string, zone: string) => api.post<DnsImportResult>(importPath, { zone }),
  };
}
