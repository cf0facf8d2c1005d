import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { LanguageSwitcher } from '@/features/i18n/language-switcher';
import { FOOTER_GROUPS } from '../navigation';
import { SiteLogo } from './site-logo';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <Container className="py-12 lg:py-16">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <SiteLogo tone="dark" />
            <p className="mt-4 max-w-sm text-sm leading-6 text-slate-400">{t('footer.tagline')}</p>
          </div>
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.titleKey} aria-label={t(group.titleKey)}>
              <h2 className="text-sm font-semibold text-white">{t(group.titleKey)}</h2>
              <ul className="mt-4 space-y-1">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="inline-flex min-h-9 items-center rounded text-sm text-slate-300 hover:text-white"
                    >
                      {t(link.labelKey)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-slate-800 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-400">{t('footer.copyright', { year })}</p>
          <LanguageSwitcher tone="dark" placement="up" />
        </div>
      </Container>
    </footer>
  );
}
