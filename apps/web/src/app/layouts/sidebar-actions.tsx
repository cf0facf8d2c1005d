import { LogOut, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../use-sign-out';

const actionClass =
  'flex min-h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-300 transition-colors hover:bg-white/10 hover:text-white';

export interface SidebarLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Links out of the area (Admin Panel, back to the dashboard) and sign-out, at the foot of a sidebar. */
export function SidebarActions({ links }: { links: SidebarLink[] }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <ul className="space-y-1">
      {links.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <Link to={to} className={actionClass}>
            <Icon aria-hidden="true" className="size-5 shrink-0" />
            {label}
          </Link>
        </li>
      ))}
      <li>
        <button type="button" className={actionClass} onClick={() => void signOut()}>
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          {t('nav.logout')}
        </button>
      </li>
    </ul>
  );
}
