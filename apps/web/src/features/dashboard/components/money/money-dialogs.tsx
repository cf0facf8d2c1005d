import type { RenewSubject } from '../../api/use-money-actions';
import { AddFundsDialog } from './add-funds-dialog';
import { type CancelSubject, CancelServiceDialog } from './cancel-service-dialog';
import { ManageServiceDialog } from './manage-service-dialog';
import { RenewDialog } from './renew-dialog';

export interface MoneyDialogsProps {
  addFunds: boolean;
  renew: RenewSubject | null;
  cancel: CancelSubject | null;
  manage: { id: string; name: string } | null;
  setAddFunds: (open: boolean) => void;
  setRenew: (subject: RenewSubject | null) => void;
  setCancel: (subject: CancelSubject | null) => void;
  setManage: (subject: { id: string; name: string } | null) => void;
}

/** The money dialogs themselves, in their own chunk: `useMoneyDialogs` loads it on idle or on the first open. */
export default function MoneyDialogs(p: MoneyDialogsProps) {
  return (
    <>
      <AddFundsDialog open={p.addFunds} onClose={() => p.setAddFunds(false)} />
      <RenewDialog
        subject={p.renew}
        onClose={() => p.setRenew(null)}
        onAddFunds={() => {
          p.setRenew(null);
          p.setAddFunds(true);
        }}
      />
      <CancelServiceDialog subject={p.cancel} onClose={() => p.setCancel(null)} />
      <ManageServiceDialog
        serviceId={p.manage?.id ?? null}
        name={p.manage?.name}
        onClose={() => p.setManage(null)}
        onAddFunds={() => {
          p.setManage(null);
          p.setAddFunds(true);
        }}
      />
    </>
  );
}
