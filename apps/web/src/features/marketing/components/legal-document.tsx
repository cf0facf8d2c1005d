import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { formatDate } from '@/lib/format';
import { useSiteFacts } from '../api/use-catalog';
import { usePlanFormat } from '../lib/use-plan-format';
import { useScrollToHash } from '../lib/use-scroll-to-hash';
import { PageHero } from './page-hero';

interface LegalSection {
  title: string;
  paragraphs: string[];
}

function isLegalSection(value: unknown): value is LegalSection {
  if (typeof value !== 'object' || value === null) return false;
  const { title, paragraphs } = value as Partial<LegalSection>;
  return typeof title === 'string' && Array.isArray(paragraphs) && paragraphs.every((p) => typeof p === 'string');
}

export interface LegalDocumentProps {
  /** `terms` or `privacy`: the key of the document in the `legal` namespace. */
  document: 'terms' | 'privacy';
  /** ISO date the current version took effect. */
  effectiveDate: string;
}

/** A plain legal document: numbered sections with a table of contents, in the reader's language. */
export function LegalDocument({ document, effectiveDate }: LegalDocumentProps) {
  const { t } = useTranslation('legal');
  const { language, percent } = usePlanFormat();
  const { uptimePercent } = useSiteFacts();
  const raw: unknown = t(`${document}.sections`, { returnObjects: true, uptime: percent(uptimePercent) });
  const sections = Array.isArray(raw) ? raw.filter(isLegalSection) : [];
  const anchor = (index: number) => `${document}-${index + 1}`;
  useScrollToHash();
  return (
    <>
      <PageHero title={t(`${document}.heading`)} intro={t(`${document}.intro`)}>
        <p className="mt-6 text-sm text-slate-500">
          {t('effective', { date: formatDate(effectiveDate, language, 'long') })}
        </p>
      </PageHero>
      <Container className="grid gap-10 pb-20 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-label={t('contents')} className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold text-slate-900">{t('contents')}</h2>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.title}>
                <Link
                  to={`#${anchor(index)}`}
                  className="inline-flex min-h-9 items-center rounded text-slate-600 hover:text-brand-700"
                >
                  {index + 1}. {section.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.title}
              id={anchor(index)}
              className="scroll-mt-24 border-t border-slate-200 py-8 first:border-t-0 first:pt-0"
            >
              <h2 className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-7 text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </article>
      </Container>
    </>
  );
}
