import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { accountErrorKey } from '@/lib/account-errors';
import { type RenewSubject, useAutoRenew } from '../../api/use-money-actions';

export interface AutoRenewSwitchProps {
  subject: RenewSubject;
  /** The saved setting. */
  checked: boolean;
  /** The service's or domain's name, in the switch's accessible name and its messages. */
  name: string;
  /** A cancelled service, or one whose cancellation is pending, cannot renew automatically. */
  disabled?: boolean;
  hideLabel?: boolean;
  className?: string;
}

/**
 * Auto-renew on or off, saved at once: the switch shows the asked-for value while the call runs (and is busy), a
 * failure puts the saved value back with the reason, and a success is announced.
 */
export function AutoRenewSwitch({ subject, checked, name, disabled, hideLabel, className }: AutoRenewSwitchProps) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const save = useAutoRenew(subject);
  const shown = save.isPending ? save.variables : checked;
  return (
    <div className={className}>
      <Switch
        checked={shown}
        onChange={(value) => save.mutate(value)}
        label={hideLabel ? t('money.autoRenew.labelFor', { name }) : t('hosting.autoRenew')}
        hideLabel={hideLabel}
        disabled={disabled || save.isPending}
      />
      <p role="status" className="mt-1 text-sm text-slate-600 empty:hidden">
        {save.isPending && t('money.autoRenew.saving')}
        {save.isSuccess && t(save.variables ? 'money.autoRenew.on' : 'money.autoRenew.off', { name })}
      </p>
      {save.isError && (
        <p role="alert" className="mt-1 text-sm text-danger-700">
          {t('money.autoRenew.failed')} {tc(accountErrorKey(save.error))}
        </p>
      )}
    </div>
  );
}
