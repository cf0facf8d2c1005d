import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Dialog } from '@/components/ui/dialog';

/** What the visitor asked for: a plan (with its price as shown) or a domain name. */
export type OrderRequest = { kind: 'plan'; name: string; price: string } | { kind: 'domain'; name: string };

export interface OrderDialogProps {
  request: OrderRequest | null;
  onClose: () => void;
}

/**
 * The honest answer to an order or search button: online ordering is not open yet, and the sales team can
 * do it today. The contact link carries what was chosen, so the contact form starts with it.
 */
export function OrderDialog({ request, onClose }: OrderDialogProps) {
  const { t } = useTranslation('marketing');
  const kind = request?.kind ?? 'plan';
  const name = request?.name ?? '';
  const contactTo = name ? `/contact?${new URLSearchParams({ topic: name }).toString()}` : '/contact';
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title={t(`order.${kind}.title`)}
      closeLabel={t('common:actions.close')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('order.keepBrowsing')}
          </Button>
          <ButtonLink to={contactTo}>{t(`order.${kind}.contact`)}</ButtonLink>
        </>
      }
    >
      <p>{t(`order.${kind}.body`, { name, price: request?.kind === 'plan' ? request.price : '' })}</p>
      <p className="mt-3 text-sm text-slate-500">{t('order.hours')}</p>
    </Dialog>
  );
}
