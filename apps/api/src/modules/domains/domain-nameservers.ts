import type { DomainState } from '@hostpilot/shared';
import { changeDomainSetting, type DomainActionDeps } from './domain-actions';

/** The owner sets their domain's name servers; the account's activity lists them. */
export function setDomainNameservers(
  deps: DomainActionDeps,
  userId: string,
  id: string,
  nameservers: string[],
): Promise<DomainState> {
  return changeDomainSetting(deps, {
    userId,
    id,
    values: { nameservers: JSON.stringify(nameservers) },
    action: 'domain.nameserversChanged',
    params: (domain) => ({ domain: domain.name, nameservers: nameservers.join(', ') }),
  });
}
