import type { SetupState } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';

/**
 * Beside a service's or domain's status while its setup on our servers is outstanding
 * (docs/decisions/042-provisioning-engine.md): "Being set up", or "Setup delayed" once the tries ran out. Never a
 * technical detail: staff see those in the back office.
 */
export function SetupBadge({ setup }: { setup: SetupState | null }) {
  const { t } = useTranslation('dashboard');
  if (!setup) return null;
  return <StatusBadge tone={setup === 'delayed' ? 'warning' : 'info'} label={t(`setup.${setup}`)} />;
}

/** The sentence under an item page's status while its setup is outstanding. */
export function SetupHint({ setup }: { setup: SetupState | null }) {
  const { t } = useTranslation('dashboard');
  if (!setup) return null;
  return <p className="mt-1 text-xs text-slate-600">{t(`setup.${setup}Hint`)}</p>;
}
