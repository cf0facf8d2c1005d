import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { dashboardPaths } from '../lib/paths';
import { dashboardQueries } from '../api/queries';
import { useDashboardFormat } from '../lib/use-dashboard-format';

/** A knowledge-base article in the reader's language; its text is plain, in paragraphs split by blank lines. */
export function DashboardArticlePage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const format = useDashboardFormat();
  const query = useQuery(dashboardQueries.article(id, format.language));

  return (
    <>
      <Link
        to={dashboardPaths.support}
        className="mb-4 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('article.back')}
      </Link>
      <QueryView
        query={query}
        loadingLabel={t('article.loading')}
        errorTitle={t('article.loadError')}
        skeleton={<SkeletonRows rows={6} />}
      >
        {(article) => (
          <article className="max-w-3xl">
            <PageHeader
              title={article.title}
              description={t('article.meta', {
                category: t(`support.kb.categories.${article.category}`),
                date: format.date(article.publishedAt),
                views: t('support.kb.views', { count: article.views, formatted: format.number(article.views) }),
              })}
            />
            <div className="space-y-4 rounded-(--radius-card) border border-slate-200 bg-white p-5 text-slate-800 shadow-(--shadow-card) sm:p-8">
              {article.body
                .split(/\n\s*\n/)
                .filter((paragraph) => paragraph.trim() !== '')
                .map((paragraph, index) => (
                  <p key={index} className="whitespace-pre-line break-words">
                    {paragraph.trim()}
                  </p>
                ))}
            </div>
          </article>
        )}
      </QueryView>
    </>
  );
}
