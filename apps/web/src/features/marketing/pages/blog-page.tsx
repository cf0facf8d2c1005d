import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';
import { useBlogPosts } from '../api/use-blog-posts';
import { BlogPostMeta, CATEGORY_STYLE } from '../components/blog-post-meta';
import { PageHero } from '../components/page-hero';

/** docs/product/screens.md: the blog's posts as cards, each a link to its own page at `/blog/<slug>` (decision 053). */
export function BlogPage() {
  const { t } = useTranslation('blog');
  const posts = useBlogPosts();
  return (
    <>
      <PageHero eyebrow={t('eyebrow')} title={t('heading')} intro={t('intro')} />
      <Container className="pb-20">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => {
            const { icon: Icon, band } = CATEGORY_STYLE[post.category];
            return (
              <li key={post.id} className="flex">
                <article className="relative flex w-full flex-col overflow-hidden rounded-(--radius-card) border border-slate-200 bg-white shadow-(--shadow-card) transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-lg">
                  <div
                    aria-hidden="true"
                    className={cn('flex h-36 items-center justify-center bg-linear-to-br text-white/90', band)}
                  >
                    <Icon className="size-12" />
                  </div>
                  <div className="flex flex-1 flex-col p-6">
                    <BlogPostMeta post={post} />
                    <h2 className="mt-4 text-xl font-semibold text-balance text-slate-900">
                      <Link
                        to={`/blog/${post.id}`}
                        className="outline-none after:absolute after:inset-0 after:content-['']"
                      >
                        {t(`posts.${post.id}.title`)}
                      </Link>
                    </h2>
                    <p className="mt-3 leading-7 text-slate-600">{t(`posts.${post.id}.excerpt`)}</p>
                    <p
                      aria-hidden="true"
                      className="mt-auto inline-flex items-center gap-1.5 pt-4 font-semibold text-brand-700"
                    >
                      {t('readMore')}
                      <ArrowRight className="size-4" />
                    </p>
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
