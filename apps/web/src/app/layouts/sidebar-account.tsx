import type { User } from '@hostpilot/shared';
import { useTranslation } from 'react-i18next';

/** The signed-in user in a sidebar: an avatar with the first letter of the first name, the name, the e-mail. */
export function SidebarAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const initial = user.firstName.trim().charAt(0).toLocaleUpperCase() || '?';
  return (
    <section
      aria-label={t('account.signedInAs')}
      className="flex items-center gap-3 rounded-xl bg-white/5 p-3"
      data-testid="sidebar-account"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-base font-semibold text-white"
      >
        {initial}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-white">
          {user.firstName} {user.lastName}
        </p>
        <p className="truncate text-sm text-slate-400" title={user.email}>
          {user.email}
        </p>
      </div>
    </section>
  );
}
