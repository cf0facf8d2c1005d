import { useCallback, useState } from 'react';
import type { RenewSubject } from '../../api/use-money-actions';
import { AddFundsDialog } from './add-funds-dialog';
import { type CancelSubject, CancelServiceDialog } from './cancel-service-dialog';
import { ManageServiceDialog } from './manage-service-dialog';
import { RenewDialog } from './renew-dialog';

/**
 * The money dialogs of a page: Add funds, Renew, Cancel and Manage (a plan change), one open at a time. A renewal the balance does not
 * cover offers Add funds, which replaces the renewal dialog.
 */
export function useMoneyDialogs() {
  const [addFunds, setAddFunds] = useState(false);
  const [renew, setRenew] = useState<RenewSubject | null>(null);
  const [cancel, setCancel] = useState<CancelSubject | null>(null);
  const [manage, setManage] = useState<{ id: string; name: string } | null>(null);
  const openAddFunds = useCallback(() => setAddFunds(true), []);
  const dialogs = (
    <>
      <AddFundsDialog open={addFunds} onClose={() => setAddFunds(false)} />
      <RenewDialog
        subject={renew}
        onClose={() => setRenew(null)}
        onAddFunds={() => {
          setRenew(null);
          setAddFunds(true);
        }}
      />
      <CancelServiceDialog subject={cancel} onClose={() => setCancel(null)} />
      <ManageServiceDialog
        serviceId={manage?.id ?? null}
        name={manage?.name}
        onClose={() => setManage(null)}
        onAddFunds={() => {
          setManage(null);
          setAddFunds(true);
        }}
      />
    </>
  );
  return { openAddFunds, openRenew: setRenew, openCancel: setCancel, openManage: setManage, dialogs };
}
