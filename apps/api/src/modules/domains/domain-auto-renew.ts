import type { DomainState } from '@hostpilot/shared';
import { changeDomainSetting, type DomainActionDeps } from './domain-actions';

/** The owner turns automatic renewal of their domain on or off; the account's activity records it. */
export function setDomainAutoRenew(
  deps: DomainActionDeps,
  userId: string,
  id: string,
  enabled: boolean,
): Promise<DomainState> {
  return changeDomainSetting(deps, {
    userId,
    id,
    values: { autoRenew: enabled ? 1 : 0 },
    action: enabled ? 'domain.autoRenewOn' : 'domain.autoRenewOff',
    params: (domain) => ({ domain: domain.name }),
  });
}
