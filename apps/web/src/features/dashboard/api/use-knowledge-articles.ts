import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KNOWLEDGE_ARTICLES } from './fixtures';
import type { KnowledgeArticle } from './types';

/** The knowledge base's popular articles, most viewed first. */
export function useKnowledgeArticles(): KnowledgeArticle[] {
  const { t } = useTranslation('dashboard');
  return useMemo(
    () => KNOWLEDGE_ARTICLES.map((article) => ({ ...article, title: t(article.title), category: t(article.category) })),
    [t],
  );
}
