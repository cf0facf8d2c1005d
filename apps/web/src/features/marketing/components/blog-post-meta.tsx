import { BookOpen, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import type { BlogPost } from '../api/use-blog-posts';
import { usePlanFormat } from '../lib/use-plan-format';

export const CATEGORY_STYLE = {
  guides: { icon: BookOpen, band: 'from-brand-600 to-brand-800' },
  security: { icon: ShieldCheck, band: 'from-success-600 to-brand-700' },
} as const;

/** A post's category, date and reading time, as its card and its page show them. */
export function BlogPostMeta({ post }: { post: BlogPost }) {
  const { t } = useTranslation('blog');
  const { language } = usePlanFormat();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800">
        {t(`categories.${post.category}`)}
      </span>
      <time dateTime={post.date}>{formatDate(post.date, language, 'long')}</time>
      <span>{t('readingTime', { count: post.readingMinutes })}</span>
    </p>
  );
}
