import type { DomainState } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { changeDomainSetting, type DomainActionDeps } from './domain-actions';

/** The owner locks or unlocks transfers of their domain to another registrar; not while a transfer runs. */
export function setDomainTransferLock(
  deps: DomainActionDeps,
  userId: string,
  id: string,
  locked: boolean,
): Promise<DomainState> {
  return changeDomainSetting(deps, {
    userId,
    id,
    values: { transferLock: locked ? 1 : 0 },
    action: locked ? 'domain.transferLocked' : 'domain.transferUnlocked',
    params: (domain) => ({ domain: domain.name }),
    check: (domain) => {
      if (domain.status === 'transferring')
        throw new AppError('INVALID_STATE', { message: 'A transfer is in progress' });
    },
  });
}
