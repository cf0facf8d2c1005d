import http from 'node:http';
import https from 'node:https';
import { DriverError, type DriverSettings } from '../../driver';

/**
 * A small client of the PowerDNS Authoritative HTTP API (`/api/v1`, X-API-Key), turning every failure into a
 * DriverError the engine understands (docs/decisions/046-dns-on-powerdns.md): network failures and 5xx are
 * retried, a refused key or a refused record are not.
 */

export interface PowerDnsSettings {
  apiUrl: string;
  apiKey: string;
  serverId: string;
  /** Contact of the zones' SOA (`hostmaster@example.com` or `hostmaster.example.com`); `hostmaster.<zone>` else. */
  hostmaster?: string;
  /** `Native` (the default: secondaries read the same database) or `Master` (secondaries by AXFR and NOTIFY). */
  zoneKind: 'Native' | 'Master';
}

const REQUEST_TIMEOUT_MS = 15_000;
/** Tries of one call that PowerDNS answers with a 5xx, before the engine's backoff takes over. */
const SERVER_ERROR_TRIES = 6;

/** Reads and checks a server's settings; bad settings are refused at once, never retried. */
export function powerDnsSettings(settings: DriverSettings): PowerDnsSettings {
  const invalid = (message: string) => new DriverError({ code: 'invalid', message, retryable: false });
  const raw = (settings.apiUrl ?? '').trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('The PowerDNS API address is not a URL (for example http://127.0.0.1:8081)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('The PowerDNS API address must be http(s)');
  if (!settings.apiKey) throw invalid('The PowerDNS API key is missing');
  const serverId = settings.serverId?.trim() || 'localhost';
  if (!/^[A-Za-z0-9._-]+$/.test(serverId)) throw invalid('The PowerDNS server id is not valid');
  const kind = settings.zoneKind?.trim() || 'Native';
  if (kind !== 'Native' && kind !== 'Master') throw invalid('The zone kind must be Native or Master');
  return {
    apiUrl: url
      .toString()
      .replace(/\/+$/, '')
      .replace(/\/api\/v1$/, ''),
    apiKey: settings.apiKey,
    serverId,
    hostmaster: settings.hostmaster?.trim() || undefined,
    zoneKind: kind,
  };
}

export interface PowerDnsAnswer<T> {
  status: number;
  body: T | null;
}

/** A refused record named in PowerDNS's 422 text: `RRset www.example.com. IN CNAME: …` or `Record x./A '…': …`. */
export function refusedRecord(message: string, zone: string): { name: string; type: string } | null {
  const match = /(?:RRset|Record) ([^\s/]+?)\.?(?: IN |\/)([A-Z0-9]+)/.exec(message);
  if (!match) return null;
  const fqdn = match[1]!.toLowerCase().replace(/\.$/, '');
  const apex = zone.replace(/\.$/, '');
  const name = fqdn === apex ? '@' : fqdn.endsWith(`.${apex}`) ? fqdn.slice(0, -(apex.length + 1)) : fqdn;
  return { name, type: match[2]! };
}

/** A call that PowerDNS did not finish answering within REQUEST_TIMEOUT_MS. */
class TimedOut extends Error {}

/**
 * One HTTP exchange: the answer's status and text. Through node:http, as the agent client does, not fetch: the
 * workers make two such calls per zone while customers' requests share their event loop, and in a profile of the
 * drain fetch (its streams, abort signals, and an error object built for each connection PowerDNS closes) was the
 * largest share of the API's busy time (docs/decisions/042-provisioning-engine.md, addendum on the drain's share
 * of the event loop). PowerDNS closes the connection after each answer, so there is no connection to keep.
 */
function send(url: URL, method: string, body: string | undefined, apiKey: string) {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method,
        headers: {
          'X-API-Key': apiKey,
          Accept: 'application/json',
          ...(body === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('error', fail);
        response.once('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text });
        });
      },
    );
    const timer = setTimeout(() => request.destroy(new TimedOut('timed out')), REQUEST_TIMEOUT_MS);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.once('error', fail);
    request.end(body);
  });
}

export function createPowerDnsClient(settings: PowerDnsSettings) {
  const base = `${settings.apiUrl}/api/v1/servers/${encodeURIComponent(settings.serverId)}`;

  /**
   * One API call. Answers the status and JSON body for 2xx and for the statuses in `accept`; throws a
   * DriverError for everything else. `zone` names the zone in messages and reads refused records.
   */
  async function call<T>(
    method: string,
    path: string,
    options: { body?: unknown; accept?: number[]; zone?: string } = {},
  ): Promise<PowerDnsAnswer<T>> {
    // PowerDNS on SQLite answers 500 when two writers meet ("database is locked"); every call of this driver is
    // idempotent (a PATCH is one transaction), so a few quick retries absorb that before the engine's own.
    for (let attempt = 1; ; attempt++) {
      try {
        return await once<T>(method, path, options);
      } catch (error) {
        if (!(error instanceof DriverError) || error.code !== 'server-error' || attempt >= SERVER_ERROR_TRIES) {
          throw error;
        }
        const delay = Math.min(400, 20 * 2 ** attempt);
        await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * (delay / 2)));
      }
    }
  }

  async function once<T>(
    method: string,
    path: string,
    options: { body?: unknown; accept?: number[]; zone?: string },
  ): Promise<PowerDnsAnswer<T>> {
    let response: { status: number; text: string };
    try {
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      response = await send(new URL(`${base}${path}`), method, body, settings.apiKey);
    } catch (error) {
      throw new DriverError({
        code: 'unreachable',
        message: `PowerDNS at ${settings.apiUrl} did not answer (${error instanceof TimedOut ? 'timed out' : (error as Error).message})`,
        retryable: true,
        cause: error,
      });
    }
    const ok = response.status >= 200 && response.status < 300;
    const text = response.text;
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    if (ok || options.accept?.includes(response.status)) {
      return { status: response.status, body: body as T };
    }
    const detail =
      body && typeof body === 'object' && 'error' in body
        ? String((body as { error: unknown }).error)
        : text.slice(0, 300);
    if (response.status === 401 || response.status === 403) {
      throw new DriverError({
        code: 'unauthorised',
        message: `PowerDNS refused the API key (${response.status})`,
        retryable: false,
      });
    }
    if (response.status === 422 || response.status === 400) {
      const record = options.zone ? refusedRecord(detail, options.zone) : null;
      throw new DriverError({
        code: 'invalid',
        message: record
          ? `PowerDNS refused the ${record.type} record ${record.name}: ${detail}`
          : `PowerDNS refused the request: ${detail}`,
        retryable: false,
        problem: { status: response.status, error: detail, ...(record ? { record } : {}) },
      });
    }
    if (response.status === 404) {
      throw new DriverError({
        code: 'not-found',
        message: `PowerDNS has no ${path ? `resource ${path}` : `server ${settings.serverId}`}`,
        retryable: false,
        problem: { status: 404 },
      });
    }
    throw new DriverError({
      code: 'server-error',
      message: `PowerDNS answered ${response.status}: ${detail}`,
      retryable: true,
      problem: { status: response.status, error: detail },
    });
  }

  return { call, base };
}

export type PowerDnsClient = ReturnType<typeof createPowerDnsClient>;
