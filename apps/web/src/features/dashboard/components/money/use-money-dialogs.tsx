import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { RenewSubject } from '../../api/use-money-actions';
import type { CancelSubject } from './cancel-service-dialog';

const loadMoneyDialogs = () => import('./money-dialogs');
const MoneyDialogs = lazy(loadMoneyDialogs);

/**
 * The money dialogs of a page: Add funds, Renew, Cancel and Manage (a plan change), one open at a time. A renewal the balance does not
 * cover offers Add funds, which replaces the renewal dialog. Their code (forms, validation) is not on the page's first path: it is
 * asked for when the browser is idle after the page rendered, or on the first open, whichever comes first.
 */
export function useMoneyDialogs() {
  const [addFunds, setAddFunds] = useState(false);
  const [renew, setRenew] = useState<RenewSubject | null>(null);
  const [cancel, setCancel] = useState<CancelSubject | null>(null);
  const [manage, setManage] = useState<{ id: string; name: string } | null>(null);
  const [wanted, setWanted] = useState(false);
  const used = wanted || addFunds || renew !== null || cancel !== null || manage !== null;
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => {
      void loadMoneyDialogs().then(() => setWanted(true));
    });
    return () => cancelIdle(handle);
  }, []);
  const openAddFunds = useCallback(() => setAddFunds(true), []);
  const dialogs = used ? (
    <Suspense fallback={null}>
      <MoneyDialogs
        addFunds={addFunds}
        renew={renew}
        cancel={cancel}
        manage={manage}
        setAddFunds={setAddFunds}
        setRenew={setRenew}
        setCancel={setCancel}
        setManage={setManage}
      />
    </Suspense>
  ) : null;
  return { openAddFunds, openRenew: setRenew, openCancel: setCancel, openManage: setManage, dialogs };
}
