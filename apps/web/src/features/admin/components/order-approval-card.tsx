import type { OrderSettings } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '../api/queries';
import { useSaveOrderSettings } from '../api/use-settings-actions';
import { SettingSwitchCard } from './setting-switch-card';

/**
 * "New orders need approval" (docs/decisions/032-ordering-and-checkout.md), read from and saved to the API at
 * once: on, a paid order waits on /admin/orders for Accept; off, it starts as soon as it is paid.
 */
export function OrderApprovalCard() {
  const { t } = useTranslation('admin');
  const settings = useQuery(adminQueries.orderSettings());
  const save = useSaveOrderSettings();
  return (
    <SettingSwitchCard<OrderSettings, 'requireApproval'>
      settings={settings}
      save={save}
      field="requireApproval"
      title={t('orders.settings.title')}
      description={t('orders.settings.description')}
      label={t('orders.settings.toggle')}
      loading={t('orders.loading')}
      loadFailed={t('orders.settings.loadFailed')}
      saveFailed={t('orders.settings.saveFailed')}
      saved={() => t('orders.settings.saved')}
    />
  );
}
