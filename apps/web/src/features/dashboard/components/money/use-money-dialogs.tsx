import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { RenewSubject } from '../../api/use-money-actions';
import type { CancelSubject } from './cancel-service-dialog';

const loadMoneyDialogs = () => import('./money-dialogs');
const MoneyDialogs = lazy(loadMoneyDialogs);

/**
 * The money dialogs of a page: Add funds, Renew, Cancel and Manage (a plan change), one open at a time. A renewal the balance does not
 * cover offers Add funds, which replaces the renewal dialog. Their code (forms, validation: zod and react-hook-form, some 60 KB gzip)
 * is not on the page's first path: it is asked for on the visitor's first interaction with the page (a press, a key, a focus, the
 * pointer over a button or a link), usually well before a dialog is opened, or on the first open. Not when the browser is idle: on a
 * phone that download and its evaluation competed with the page's own figures and charts for the network and the main thread
 * (docs/decisions/065-the-dashboard-paints-with-its-html.md, addendum).
 */
export function useMoneyDialogs() {
  const [addFunds, setAddFunds] = useState(false);
  const [renew, setRenew] = useState<RenewSubject | null>(null);
  const [cancel, setCancel] = useState<CancelSubject | null>(null);
  const [manage, setManage] = useState<{ id: string; name: string } | null>(null);
  const [wanted, setWanted] = useState(false);
  const used = wanted || addFunds || renew !== null || cancel !== null || manage !== null;
  useEffect(() => {
    const events = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'] as const;
    const stop = () => events.forEach((type) => document.removeEventListener(type, intent, true));
    function intent(event: Event) {
      // The pointer over the page's text is no intent; over a button or a link it may be.
      if (event.type === 'mouseover' && !(event.target as Element | null)?.closest?.('a,button')) return;
      stop();
      void loadMoneyDialogs().then(() => setWanted(true));
    }
    events.forEach((type) => document.addEventListener(type, intent, { capture: true, passive: true }));
    return stop;
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
