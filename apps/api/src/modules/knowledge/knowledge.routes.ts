import {
  articleDetailSchema,
  articleListQuerySchema,
  articlePageSchema,
  articleQuerySchema,
  idParamsSchema,
  type Language,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_ROUTE, ITEM_ERRORS, LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { readerLanguage } from '../../lib/reader-language';
import { authOf } from '../../plugins/authenticate';
import { createKnowledgeRepository } from './knowledge.repository';

/** GET /knowledge/articles and /knowledge/articles/:id, in the reader's language. */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const articles = createKnowledgeRepository(app.database.db);

  const languageOf = (userId: string, lang: Language | undefined) => readerLanguage(app.database.db, userId, lang);

  app.get(
    '/knowledge/articles',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['knowledge'],
        summary: 'Knowledge-base articles in my language',
        description:
          'Titles and bodies in `lang` (en or ru), or in my preferred language. `q` matches the title or the ' +
          'body of that language, literally and ignoring case.',
        querystring: articleListQuerySchema,
        response: { 200: articlePageSchema, ...LIST_ERRORS },
      },
    },
    async (request) => {
      const language = await languageOf(authOf(request).userId, request.query.lang);
      const { items, total } = await articles.list(request.query, language);
      return pageOf(request.query, total, items);
    },
  );

  app.get(
    '/knowledge/articles/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['knowledge'],
        summary: 'One knowledge-base article, with its text, in my language',
        params: idParamsSchema,
        querystring: articleQuerySchema,
        response: { 200: articleDetailSchema, ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const language = await languageOf(authOf(request).userId, request.query.lang);
      // Each reading counts once.
      const article = await articles.read(request.params.id, language);
      if (!article) throw notFound('Article');
      return article;
    },
  );
};
