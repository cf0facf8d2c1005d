import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useMaintenance } from '@/lib/use-maintenance';

/**
 * The maintenance banner of every page (public site, dashboard, back office). It takes no space while
 * maintenance is off or not yet known, and pushes the content down only while it is on.
 */
export function MaintenanceBanner({ className }: { className?: string }) {
  const { t } = useTranslation();
  const maintenance = useMaintenance();
  if (!maintenance?.enabled) return null;
  return (
    <div
      role="status"
      aria-label={t('maintenanceBanner.label')}
      className={cn(
        'flex items-start gap-3 rounded-xl border border-warning-600/30 bg-warning-50 px-4 py-3 text-sm text-warning-800',
        className,
      )}
    >
      <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{t('maintenanceBanner.title')}</p>
        <p>{t('maintenanceBanner.body')}</p>
        {maintenance.message && <p className="mt-1 break-words">{maintenance.message}</p>}
      </div>
    </div>
  );
}
