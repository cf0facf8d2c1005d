import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { Container } from '@/components/ui/container';

/**
 * Where the contact form's post lands when the page's scripts have not run (decision 053): the message opened a
 * guest ticket, answered by mail. With scripts the form says the same in place, with the ticket's number.
 */
export function ContactSentPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container className="py-16 sm:py-24">
      <div className="mx-auto max-w-2xl rounded-(--radius-card) border border-slate-200 bg-white p-6 shadow-(--shadow-card) sm:p-10">
        <div className="flex items-start gap-4">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-success-50">
            <CircleCheck aria-hidden="true" className="size-7 text-success-700" />
          </span>
          <h1 className="min-w-0 pt-1.5 text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('contact.sentPage.heading')}
          </h1>
        </div>
        <p className="mt-4 leading-7 text-slate-700">{t('contact.sentPage.body')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/" className={buttonClasses('primary', 'lg')}>
            {t('contact.sentPage.home')}
          </Link>
          <Link to="/contact" className={buttonClasses('secondary', 'lg')}>
            {t('contact.sentPage.another')}
          </Link>
        </div>
      </div>
    </Container>
  );
}
