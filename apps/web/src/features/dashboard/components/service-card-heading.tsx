import type { ServiceStatus, SetupState } from '@hostpilot/shared';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone } from '@/lib/status';
import { SetupBadge } from './setup-badge';
import { useStatusLabel } from './status-label';

/** The top of a service's card: its icon, name (text or a link) and a line under it, its status and setup badges. */
export function ServiceCardHeading({
  icon: Icon,
  title,
  subtitle,
  status,
  setup,
}: {
  icon: LucideIcon;
  title: ReactNode;
  subtitle: ReactNode;
  status: ServiceStatus;
  setup: SetupState | null;
}) {
  const statusLabel = useStatusLabel();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-slate-900">{title}</h2>
          <p className="text-sm break-words text-slate-600">{subtitle}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <StatusBadge tone={statusTone(status)} label={statusLabel(status)} />
        <SetupBadge setup={setup} />
      </div>
    </div>
  );
}
