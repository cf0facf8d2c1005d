import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { cn } from '@/lib/cn';
import { useBlogPost } from '../api/use-blog-posts';
import { BlogPostMeta, CATEGORY_STYLE } from '../components/blog-post-meta';
import { useTranslatedList } from '../lib/use-translated-list';

const BLOG_PATH = '/blog';

/**
 * One article at `/blog/<slug>`, prerendered for every post (decision 053), with its own title and description
 * (route-meta.tsx reads them from blog.json) and a link back to the list.
 */
export function BlogPostPage() {
  const { t } = useTranslation('blog');
  const { slug } = useParams();
  const post = useBlogPost(slug);
  const list = useTranslatedList('blog');
  if (!post) {
    return (
      <Container className="py-16 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{t('notFound.heading')}</h1>
        <p className="mt-4 text-lg text-slate-600">{t('notFound.body')}</p>
        <BackToBlog className="mt-6" />
      </Container>
    );
  }
  const { icon: Icon, band } = CATEGORY_STYLE[post.category];
  return (
    <Container className="py-10 sm:py-14">
      <article className="mx-auto max-w-3xl">
        <BackToBlog />
        <div
          aria-hidden="true"
          className={cn(
            'mt-4 flex h-28 items-center justify-center rounded-(--radius-card) bg-linear-to-br text-white/90 sm:h-40',
            band,
          )}
        >
          <Icon className="size-12" />
        </div>
        <header className="mt-8">
          <BlogPostMeta post={post} />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {t(`posts.${post.id}.title`)}
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">{t(`posts.${post.id}.excerpt`)}</p>
        </header>
        <div className="mt-8 space-y-5 text-lg leading-8 text-slate-700">
          {list(`posts.${post.id}.body`).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <BackToBlog className="mt-10" />
      </article>
    </Container>
  );
}

/** The link back to the list of articles, at the top and the end of an article. */
function BackToBlog({ className }: { className?: string }) {
  const { t } = useTranslation('blog');
  return (
    <Link
      to={BLOG_PATH}
      className={cn(
        'inline-flex min-h-11 items-center gap-1.5 rounded-lg font-semibold text-brand-700 hover:text-brand-800',
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('backToBlog')}
    </Link>
  );
}
