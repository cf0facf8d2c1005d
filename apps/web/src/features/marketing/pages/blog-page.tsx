import { BookOpen, ChevronDown, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useBlogPosts } from '../api/use-blog-posts';
import { PageHero } from '../components/page-hero';
import { usePlanFormat } from '../lib/use-plan-format';
import { useTranslatedList } from '../lib/use-translated-list';

const CATEGORY_STYLE = {
  guides: { icon: BookOpen, band: 'from-brand-600 to-brand-800' },
  security: { icon: ShieldCheck, band: 'from-success-600 to-brand-700' },
} as const;

/** docs/product/screens.md: three posts. Each opens in place: there is no page per post. */
export function BlogPage() {
  const { t } = useTranslation('blog');
  const posts = useBlogPosts();
  const { language } = usePlanFormat();
  const list = useTranslatedList('blog');
  return (
    <>
      <PageHero eyebrow={t('eyebrow')} title={t('heading')} intro={t('intro')} />
      <Container className="pb-20">
        <ul className="grid gap-8 lg:grid-cols-3">
          {posts.map((post) => {
            const { icon: Icon, band } = CATEGORY_STYLE[post.category];
            return (
              <li key={post.id} className="flex">
                <article className="flex w-full flex-col overflow-hidden rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card)">
                  <div
                    aria-hidden="true"
                    className={cn('flex h-36 items-center justify-center bg-linear-to-br text-white/90', band)}
                  >
                    <Icon className="size-12" />
                  </div>
                  <div className="flex flex-1 flex-col p-6">
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
                      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800">
                        {t(`categories.${post.category}`)}
                      </span>
                      <time dateTime={post.date}>{formatDate(post.date, language, 'long')}</time>
                      <span>{t('readingTime', { count: post.readingMinutes })}</span>
                    </p>
                    <h2 className="mt-4 text-xl font-semibold text-balance text-slate-900">
                      {t(`posts.${post.id}.title`)}
                    </h2>
                    <p className="mt-3 leading-7 text-slate-600">{t(`posts.${post.id}.excerpt`)}</p>
                    <details className="group mt-auto pt-4">
                      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-lg font-semibold text-brand-700 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
                        <span className="group-open:hidden">{t('readMore')}</span>
                        <span className="hidden group-open:inline">{t('readLess')}</span>
                        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
                      </summary>
                      <div className="mt-3 space-y-4 leading-7 text-slate-700">
                        {list(`posts.${post.id}.body`).map((paragraph) => (
                          <p key={paragraph}>{paragraph}</p>
                        ))}
                      </div>
                    </details>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </Container>
    </>
  );
}
