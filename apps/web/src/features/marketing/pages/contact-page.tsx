import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { useContactDetails } from '../api/use-contact-details';
import { ContactForm } from '../components/contact-form';
import { PageHero } from '../components/page-hero';

/** A topic from a link longer than this is not one of ours; the form then starts empty. */
const TOPIC_MAX_LENGTH = 120;

/** docs/product/screens.md: the contact form and the static contact details. */
export function ContactPage() {
  const { t } = useTranslation('marketing');
  const details = useContactDetails();
  const [params] = useSearchParams();
  const rawTopic = params.get('topic')?.trim() ?? '';
  const topic = rawTopic.length <= TOPIC_MAX_LENGTH ? rawTopic : '';
  const rows = [
    {
      icon: Mail,
      label: t('contact.details.support'),
      value: details.supportEmail,
      href: `mailto:${details.supportEmail}`,
    },
    { icon: Mail, label: t('contact.details.sales'), value: details.salesEmail, href: `mailto:${details.salesEmail}` },
    { icon: Phone, label: t('contact.details.phone'), value: details.phone, href: details.phoneHref },
    {
      icon: Clock,
      label: t('contact.details.hours'),
      value: [t('contact.details.hoursSupport'), t('contact.details.hoursSales')],
    },
    { icon: MapPin, label: t('contact.details.office'), value: t('contact.details.officeValue') },
  ];
  return (
    <>
      <PageHero eyebrow={t('contact.eyebrow')} title={t('contact.heading')} intro={t('contact.intro')} />
      <Container className="grid gap-8 pb-20 lg:grid-cols-[1.6fr_1fr] lg:gap-10">
        <div className="self-start rounded-(--radius-card) border border-slate-200 bg-white p-6 shadow-(--shadow-card) sm:p-8">
          <ContactForm key={topic} topic={topic || undefined} />
        </div>
        <section
          aria-labelledby="contact-details-title"
          className="self-start rounded-(--radius-card) bg-slate-50 p-6 sm:p-8"
        >
          <h2 id="contact-details-title" className="text-lg font-semibold text-slate-900">
            {t('contact.details.title')}
          </h2>
          <ul className="mt-6 space-y-5">
            {rows.map(({ icon: Icon, label, value, href }) => (
              <li key={label} className="flex gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 shadow-sm">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <p className="min-w-0">
                  <span className="block text-sm text-slate-500">{label}</span>
                  <span className="block font-medium break-words text-slate-900">
                    {href ? (
                      <a href={href} className="text-brand-700 hover:underline">
                        {value}
                      </a>
                    ) : (
                      [value].flat().map((line) => (
                        <span key={line} className="block">
                          {line}
                        </span>
                      ))
                    )}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      </Container>
    </>
  );
}
