import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <Compass aria-hidden="true" className="size-14 text-brand-600" />
      <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-brand-700">{t('notFound.code')}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('notFound.heading')}</h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">{t('notFound.body')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          {t('notFound.contact')}
        </ButtonLink>
      </div>
    </Container>
  );
}
