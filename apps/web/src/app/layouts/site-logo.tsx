import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/**
 * The logo and the site's name: the back office's Site Name where the page reads it (the dashboard and the back
 * office), the build's name on the prerendered public pages (docs/decisions/034-system-settings-and-mail.md).
 */
export function SiteLogo({
  tone = 'light',
  to = '/',
  siteName,
}: {
  tone?: 'light' | 'dark';
  to?: string;
  siteName?: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-10 items-center gap-2 rounded-lg text-lg font-bold tracking-tight',
        tone === 'light' ? 'text-slate-900' : 'text-white',
      )}
      aria-label={t('brand.homeLabel')}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill="#1d37d8" />
        <path d="M9 23V9h3.2v5.6h7.6V9H23v14h-3.2v-5.6h-7.6V23z" fill="#fff" />
      </svg>
      <span>{siteName ?? t('brand.name')}</span>
    </Link>
  );
}
