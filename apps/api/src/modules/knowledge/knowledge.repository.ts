import type { Article, ArticleDetail, articleListQuerySchema, Language } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { iso, offsetOf } from '../../lib/listing';

export type ArticleQuery = z.output<typeof articleListQuerySchema>;

/**
 * The knowledge base, read in one language. The base is small (tens of articles), so a search reads the
 * language's titles and bodies and matches in JavaScript: literal, and case-insensitive in every alphabet
 * (SQLite's lower() folds only ASCII, which would miss "Домен" for "домен").
 */
export function createKnowledgeRepository(db: Kysely<Database>) {
  function inLanguage(language: Language) {
    const title = language === 'ru' ? 'titleRu' : 'titleEn';
    const body = language === 'ru' ? 'bodyRu' : 'bodyEn';
    return db
      .selectFrom('knowledgeArticles')
      .select(['id', 'slug', 'category', 'views', 'publishedAt', `${title} as title`, `${body} as body`]);
  }

  function toArticle(
    row: { id: string; slug: string; category: Article['category']; views: number; publishedAt: number; title: string },
    language: Language,
  ): Article {
    return {
      id: row.id,
      slug: row.slug,
      category: row.category,
      language,
      title: row.title,
      views: row.views,
      publishedAt: iso(row.publishedAt),
    };
  }

  return {
    async list(query: ArticleQuery, language: Language): Promise<{ items: Article[]; total: number }> {
      let select = inLanguage(language);
      if (query.category) select = select.where('category', '=', query.category);
      let rows = await select.execute();
      if (query.q) {
        const needle = query.q.toLocaleLowerCase(language);
        rows = rows.filter(
          (r) =>
            r.title.toLocaleLowerCase(language).includes(needle) || r.body.toLocaleLowerCase(language).includes(needle),
        );
      }
      const direction = query.order === 'asc' ? 1 : -1;
      const collator = new Intl.Collator(language);
      rows.sort((a, b) => {
        const by =
          query.sort === 'title'
            ? collator.compare(a.title, b.title)
            : query.sort === 'publishedAt'
              ? a.publishedAt - b.publishedAt
              : a.views - b.views;
        return (by || a.id.localeCompare(b.id)) * direction;
      });
      const start = offsetOf(query);
      return {
        items: rows.slice(start, start + query.pageSize).map((r) => toArticle(r, language)),
        total: rows.length,
      };
    },

    async find(id: string, language: Language): Promise<ArticleDetail | undefined> {
      const row = await inLanguage(language).where('id', '=', id).executeTakeFirst();
      return row ? { ...toArticle(row, language), body: row.body } : undefined;
    },

    /** The article as `find` gives it, counted as read once more (one atomic increment, so none is lost). */
    async read(id: string, language: Language): Promise<ArticleDetail | undefined> {
      const counted = await db
        .updateTable('knowledgeArticles')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) === 0) return undefined;
      return this.find(id, language);
    },
  };
}
