import { domainToASCII } from 'node:url';
import { type AddonDomain, ADDON_DOMAIN_MAX, validationMessage, type ValidationMessageKey } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, ServiceDomainsTable } from '../../db/schema';
import { deleteRemovedAliases, markAliasesActive, servedAddonCount } from './addon-domains.repository';
import { AppError } from '../../lib/errors';
import { planLimits, type WebNodeHooks } from '../provisioning';
import { displayDomainName } from '../domains';

/**
 * Addon domains of a hosting service (docs/decisions/069-addon-domains.md): the rules a name must pass, the rows
 * the provisioning task sends to the web node, and what the task marks once the node serves them.
 */

/** A label as the agent accepts it (docs/decisions/055-web-node-agent.md): lower-case A-label, no edge hyphen. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * What the customer typed as a host name, in lower-case A-labels (Punycode for international names), without a
 * trailing dot or a leading `www.` (the site serves the `www.` of each of its domains); null when it is not a host
 * name of at least two labels with a non-numeric top label.
 */
export function normaliseHostName(input: string): string | null {
  let text = input.trim().toLowerCase().replace(/\.$/, '');
  if (text.startsWith('www.') && text.split('.').length > 2) text = text.slice(4);
  if (text === '' || text.length > ADDON_DOMAIN_MAX || /[\s/:@?#*\\%]/.test(text)) return null;
  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > ADDON_DOMAIN_MAX) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return null;
  return ascii;
}

/** The name and each parent of it with two labels or more: `a.b.example.com` → itself, `b.example.com`, `example.com`. */
export function nameAndParents(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/** A refusal of the `name` field, translated by the web from its key. */
export function addonRefusal(
  key: ValidationMessageKey,
  code: 'VALIDATION_FAILED' | 'INVALID_STATE' = 'VALIDATION_FAILED',
) {
  return new AppError(code, {
    message: validationMessage(key),
    fields: { name: { code: key, message: validationMessage(key) } },
  });
}

export function toAddonDomain(row: Pick<ServiceDomainsTable, 'name' | 'status' | 'createdAt'>): AddonDomain {
  return {
    name: row.name,
    displayName: displayDomainName(row.name),
    status: row.status,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
  };
}

/**
 * What the web-node driver reports once the node serves a site with `aliases`: those being added are active, those
 * being removed and no longer sent are gone (their names free again). A name removed while the task ran was still
 * sent, so it waits for the task its removal wrote.
 */
export function addonDomainHooks(db: Kysely<Database>, now: () => number): Pick<WebNodeHooks, 'aliasesServed'> {
  return {
    async aliasesServed(target, aliases) {
      if (aliases.length > 0) await markAliasesActive(db, target.id, aliases, now());
      await deleteRemovedAliases(db, target.id, aliases);
    },
  };
}

/** The plan's number of domains, the main one included (what the web node enforces); 1 for a plan it does not know. */
export function domainLimitOf(planId: string): number {
  try {
    return planLimits(planId).domains;
  } catch {
    return 1;
  }
}

/**
 * Refuses moving a hosting service to `planId` while its site has more domains (the main one and the addons served
 * or being added) than that plan allows: the web node would refuse the site's state and the plan's task would fail
 * (docs/decisions/069-addon-domains.md, addendum). 409 INVALID_STATE on `field`
 * (`validation.planAddonDomainsOver`), saying how many addon domains to remove first. Other kinds pass.
 */
export async function assertAddonDomainsFit(
  db: Kysely<Database>,
  service: { id: string; kind: string },
  planId: string,
  field = 'planId',
): Promise<void> {
  if (service.kind !== 'hosting') return;
  const allowed = domainLimitOf(planId);
  const over = 1 + (await servedAddonCount(db, service.id)) - allowed;
  if (over <= 0) return;
  const key = 'validation.planAddonDomainsOver';
  const params = { count: over, allowed };
  const message = validationMessage(key).replace(/\{\{(\w+)\}\}/g, (_, name: 'count' | 'allowed') =>
    String(params[name]),
  );
  throw new AppError('INVALID_STATE', { message, fields: { [field]: { code: key, message, params } } });
}
