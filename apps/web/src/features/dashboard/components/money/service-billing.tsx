import type { ReactNode } from 'react';
import type { ServiceStatus } from '@hostpilot/shared';
import { RefreshCw, Settings2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { Moment } from '@/lib/format';
import { AutoRenewSwitch } from './auto-renew-switch';
import { PendingPlanChange } from './manage-service-dialog';
import { PendingCancellation } from './pending-cancellation';
import type { useMoneyDialogs } from './use-money-dialogs';

export interface BillableService {
  id: string;
  name: string;
  status: ServiceStatus;
  autoRenew: boolean;
  cancelRequestedAt: Moment | null;
  expiresAt: Moment;
  pendingPlan: { id: string; name: string } | null;
  /** The name of the plan it is on now. */
  planName: string;
}

/**
 * What a service's card or page offers about its bill: auto-renew, a pending cancellation or plan change, and
 * Manage (plan change), Renew and Cancel, which open the money dialogs of `money`.
 */
export function ServiceBilling({
  service,
  money,
  children,
}: {
  service: BillableService;
  money: ReturnType<typeof useMoneyDialogs>;
  /** Actions of the service's own kind, shown first in the row of buttons (an SSL certificate's page). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const cancelled = service.status === 'cancelled';
  const pendingCancel = service.cancelRequestedAt !== null && !cancelled;
  return (
    <>
      <AutoRenewSwitch
        subject={{ type: 'service', id: service.id }}
        checked={service.autoRenew}
        name={service.name}
        disabled={cancelled || pendingCancel}
        className="mt-4 border-t border-slate-100 pt-4"
      />
      {pendingCancel && <PendingCancellation service={service} className="mt-4" />}
      {!cancelled && service.pendingPlan && (
        <PendingPlanChange
          service={{
            id: service.id,
            name: service.name,
            currentPlan: service.planName,
            pendingPlan: service.pendingPlan,
            expiresAt: service.expiresAt,
          }}
          className="mt-4"
        />
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {children}
        <Button variant="secondary" size="sm" onClick={() => money.openManage({ id: service.id, name: service.name })}>
          <Settings2 aria-hidden="true" className="size-4" />
          {t('services.manage')} <span className="sr-only">{service.name}</span>
        </Button>
        {!cancelled && service.status !== 'pending' && (
          <Button variant="secondary" size="sm" onClick={() => money.openRenew({ type: 'service', id: service.id })}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('services.renew')} <span className="sr-only">{service.name}</span>
          </Button>
        )}
        {!cancelled && !pendingCancel && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => money.openCancel({ id: service.id, name: service.name, expiresAt: service.expiresAt })}
          >
            <XCircle aria-hidden="true" className="size-4" />
            {t('services.cancel')} <span className="sr-only">{service.name}</span>
          </Button>
        )}
      </div>
    </>
  );
}
