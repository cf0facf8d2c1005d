import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_SERVICES, SERVICE_ICONS } from '../../lib/service-icons';
import { FeatureCard } from '../feature-card';
import { Section } from '../section';

/** docs/product/screens.md: four service cards linking to /services#ssl, #backup, #email and #security. */
export function HomeServices() {
  const { t } = useTranslation('marketing');
  return (
    <Section
      tone="muted"
      eyebrow={t('home.services.eyebrow')}
      title={t('home.services.title')}
      intro={t('home.services.intro')}
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {HOME_SERVICES.map((id) => (
          <li key={id} className="flex">
            <FeatureCard
              icon={SERVICE_ICONS[id]}
              title={t(`services.items.${id}.title`)}
              text={t(`services.items.${id}.summary`)}
              className="w-full transition-shadow hover:shadow-(--shadow-raised)"
            >
              <Link
                to={`/services#${id}`}
                className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-(--radius-card) hover:text-brand-800"
              >
                {t('home.services.learnMore')}
                {/* The link's own text says where it goes (not only "Learn more"), for screen readers and search. */}
                <span className="sr-only">: {t(`services.items.${id}.title`)}</span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </FeatureCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}
