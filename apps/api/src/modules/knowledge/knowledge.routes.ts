import { type Language, knowledgeEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ITEM_ERRORS, LIST_ERRORS } from '../../lib/customer-route';
import { pageOf } from '../../lib/listing';
import { notFound } from '../../lib/not-found';
import { readerLanguage } from '../../lib/reader-language';
import { authOf } from '../../plugins/authenticate';
import { createKnowledgeRepository } from './knowledge.repository';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /knowledge/articles and /knowledge/articles/:id, in the reader's language. */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const articles = createKnowledgeRepository(app.database.db);

  const languageOf = (userId: string, lang: Language | undefined) => readerLanguage(app.database.db, userId, lang);

  endpointRoute(
    app,
    knowledgeEndpoints.getKnowledgeArticles,
    {
      schema: {
        tags: ['knowledge'],
        summary: 'Knowledge-base articles in my language',
        description:
          'Titles and bodies in `lang` (en or ru), or in my preferred language. `q` matches the title or the ' +
          'body of that language, literally and ignoring case.',
        response: LIST_ERRORS,
      },
    },
    async (request) => {
      const language = await languageOf(authOf(request).userId, request.query.lang);
      const { items, total } = await articles.list(request.query, language);
      return pageOf(request.query, total, items);
    },
  );

  endpointRoute(
    app,
    knowledgeEndpoints.getKnowledgeArticlesItem,
    {
      schema: {
        tags: ['knowledge'],
        summary: 'One knowledge-base article, with its text, in my language',
        response: ITEM_ERRORS,
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
