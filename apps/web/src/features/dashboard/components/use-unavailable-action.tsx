import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UnavailableAction, UnavailableDialog, type UnavailableDialogProps } from './unavailable-dialog';

/**
 * One "not available yet" dialog per page. `show('domain.dns', { name })` opens it with the texts
 * `unavailable.actions.domain.dns.title` and `.body` of the dashboard namespace.
 */
export function useUnavailableAction({ contact = 'support' }: Pick<UnavailableDialogProps, 'contact'> = {}) {
  const { t } = useTranslation('dashboard');
  const [action, setAction] = useState<UnavailableAction | null>(null);
  const show = useCallback(
    (key: string, values: Record<string, string> = {}) =>
      setAction({
        title: t(`unavailable.actions.${key}.title`, values),
        body: t(`unavailable.actions.${key}.body`, values),
      }),
    [t],
  );
  const close = useCallback(() => setAction(null), []);
  const dialog = <UnavailableDialog action={action} onClose={close} contact={contact} />;
  return { show, dialog };
}
