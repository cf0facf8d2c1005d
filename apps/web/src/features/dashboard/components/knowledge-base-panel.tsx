import { BookOpen, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardPaths } from '../lib/paths';
import { inputClasses } from '@/components/ui/field-styles';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useKnowledgeArticles } from '../api/use-dashboard-data';
import { useDashboardFormat } from '../lib/use-dashboard-format';
import { Panel } from './panel';

const SEARCH_DELAY_MS = 300;

/** The knowledge base: a search box that narrows the popular articles as the person types; each opens its page. */
export function KnowledgeBasePanel() {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const [query, setQuery] = useState('');
  const searchId = useId();
  // The server searches in the reader's language once typing pauses.
  const needle = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  const articles = useKnowledgeArticles(needle);

  return (
    <Panel title={t('support.kb.title')}>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          {t('support.kb.searchLabel')}
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('support.kb.searchPlaceholder')}
            className={`${inputClasses()} pl-9`}
          />
        </div>
      </form>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">
        {needle ? t('support.kb.results') : t('support.kb.popular')}
      </h3>
      <QueryView
        query={articles}
        className="mt-3"
        loadingLabel={t('support.kb.loading')}
        errorTitle={t('support.kb.loadError')}
        skeleton={<SkeletonRows rows={4} className="mt-3" />}
      >
        {(shown) => (
          <>
            <p role="status" className="sr-only">
              {needle ? t('support.kb.resultCount', { count: shown.length }) : ''}
            </p>
            {shown.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('support.kb.noResults')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100">
                {shown.map((article) => (
                  <li key={article.id}>
                    <Link
                      to={dashboardPaths.article(article.id)}
                      className="flex w-full items-start gap-3 rounded-lg px-1 py-3 text-left hover:bg-slate-50"
                    >
                      <BookOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                      <span className="min-w-0">
                        <span className="block text-sm font-medium text-slate-900">{article.title}</span>
                        <span className="block text-xs text-slate-500">
                          {article.category} ·{' '}
                          {t('support.kb.views', { count: article.views, formatted: format.number(article.views) })}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </Panel>
  );
}
