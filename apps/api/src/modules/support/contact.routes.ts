import {
  CONTACT_HONEYPOT_FIELD,
  contactRequestSchema,
  type Language,
  ticketNumber,
  supportEndpoints,
} from '@hostpilot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { clientAddressKey } from '../../lib/client-address';
import type { Clock } from '../../lib/clock';
import type { CounterStore } from '../../lib/counter-store';
import { siteTextsOf } from '../../lib/documents/texts';
import { AppError, errorResponses } from '../../lib/errors';
import {
  acceptFormPosts,
  type Fields,
  fieldsOf,
  FORM_TYPE,
  formLanguage,
  formValues,
  isFormPost,
  refuseCrossSite,
} from '../../lib/form-post';
import { contactResultPage } from './contact-page';
import { openGuestTicket } from './guest-ticket';
import { endpointRoute } from '../../lib/endpoint-route';

/** Where a form post without JavaScript goes once its ticket is open: a prerendered page of the site. */
export const CONTACT_SENT_PATH = '/contact/sent';

/**
 * POST /api/contact (decision 053): the contact form opens a guest ticket, answered by staff by mail. It takes
 * JSON from the enhanced form (201 `{number}`, or the API's error shape) and a plain form post from a page whose
 * scripts have not run: that is answered with a redirect to `/contact/sent`, or the contact page again, rendered
 * on the server with what was typed and the problems named, in the page's language (400, 429).
 *
 * A message with the honeypot field filled in is answered as if sent and dropped. Messages count per visitor
 * e-mail and per client address (an IPv6 /64 as one); over either limit the answer is 429 with Retry-After.
 */
export const contactRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  store: CounterStore;
  limits: Pick<Config['rateLimit'], 'contactPerEmail' | 'contactPerIp' | 'contactWindow'>;
}> = async (app, { clock, store, limits }) => {
  // The API speaks JSON; this one route also reads a form post, in this plugin only.
  acceptFormPosts(app);

  const windowMs = limits.contactWindow * 1000;

  /** Counts a message; answers the seconds to wait when the e-mail or the address is over its limit. */
  async function overLimit(email: string, ip: string): Promise<number | null> {
    const keys = [`contact:email:${email}`, `contact:ip:${clientAddressKey(ip)}`];
    let hits;
    try {
      hits = await Promise.all(keys.map((key) => store.increment(key, windowMs)));
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', { headers: { 'retry-after': '5' }, cause: error });
    }
    const over = hits[0]!.count > limits.contactPerEmail || hits[1]!.count > limits.contactPerIp;
    if (!over) return null;
    // A refused message counts against nothing.
    await Promise.all(keys.map((key) => store.decrement(key))).catch(() => undefined);
    return Math.max(1, Math.ceil(Math.max(...hits.map((hit) => hit.resetInMs)) / 1000));
  }

  /** The contact page again, with the visitor's text and what to fix; the page's scripts left out. */
  function sendFormAgain(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 400 | 429,
    input: { language: Language; values: Record<string, string>; fields: Fields; retryAfter?: number },
  ) {
    const page = request.server.webApp?.pageHtml(request, '/contact', input.language);
    const t = siteTextsOf(input.language);
    const problems =
      status === 429
        ? [{ field: null, text: t('contact.result.rateLimited', { count: Math.ceil((input.retryAfter ?? 60) / 60) }) }]
        : (['name', 'email', 'message'] as const).flatMap((field) => {
            const problem = input.fields[field];
            return problem
              ? [{ field, text: `${t(`contact.form.${field}`)}: ${t(`common:${problem.code}`, problem.message)}` }]
              : [];
          });
    if (input.retryAfter) reply.header('retry-after', String(input.retryAfter));
    reply.code(status).header('cache-control', 'no-store').header('content-language', input.language);
    if (!page) {
      // An API without the web app's build (development): the problems as text.
      return reply.type('text/plain; charset=utf-8').send(problems.map((p) => p.text).join('\n'));
    }
    return reply.type('text/html; charset=utf-8').send(
      contactResultPage(page, {
        title: t('contact.result.title'),
        problems,
        values: input.values,
        invalid: Object.keys(input.fields),
      }),
    );
  }

  endpointRoute(
    app,
    supportEndpoints.postContact,
    {
      schema: {
        tags: ['support'],
        summary: 'Send the contact form: opens a guest ticket, answered by mail',
        description:
          'JSON (201 `{number}`) or `application/x-www-form-urlencoded` from a page without JavaScript (303 to ' +
          '`/contact/sent?lng=…`, or the contact page with the problems, 400 or 429). The `website` field must stay ' +
          'empty. Limited per e-mail (`RATE_LIMIT_CONTACT_MAX`) and per client address ' +
          '(`RATE_LIMIT_CONTACT_IP_MAX`) per `RATE_LIMIT_CONTACT_WINDOW` seconds.',
        consumes: ['application/json', FORM_TYPE],
        response: {
          ...errorResponses({
            400: 'VALIDATION_FAILED (with `fields`): `name`, `email` or `message`; MALFORMED_JSON',
            403: 'FORBIDDEN: a form posted from another site',
            429: 'RATE_LIMITED: too many messages from this e-mail or address; see Retry-After',
          }),
        },
      },
    },
    async (request, reply) => {
      const form = isFormPost(request);
      // A page of another site may not post the form in a visitor's name (the browser says where it came from).
      refuseCrossSite(request);
      const values = form ? formValues(request.body) : {};
      const parsed = contactRequestSchema.safeParse(form ? values : request.body);
      const language = formLanguage(request, form ? values.lng : (request.body as { lng?: unknown } | null)?.lng);
      if (!parsed.success) {
        const fields = fieldsOf(parsed.error);
        if (form) return sendFormAgain(request, reply, 400, { language, values, fields });
        throw new AppError('VALIDATION_FAILED', { fields });
      }
      const input = parsed.data;
      if (input[CONTACT_HONEYPOT_FIELD]) {
        request.log.info({ event: 'contact_honeypot' }, 'contact form: honeypot filled, message dropped');
        if (form) return reply.redirect(`${CONTACT_SENT_PATH}?lng=${language}`, 303);
        // A robot is told what a person is told; the number of no ticket.
        return reply.code(201).send({ number: ticketNumber(0) });
      }
      const retryAfter = await overLimit(input.email, request.ip);
      if (retryAfter !== null) {
        if (form) return sendFormAgain(request, reply, 429, { language, values, fields: {}, retryAfter });
        throw new AppError('RATE_LIMITED', { headers: { 'retry-after': String(retryAfter) } });
      }
      const ticket = await openGuestTicket(app.database.db, {
        name: input.name,
        email: input.email,
        message: input.message,
        language,
        now: clock.now(),
        clientIp: request.ip,
      });
      request.log.info({ event: 'guest_ticket_opened', ticketId: ticket.id }, 'contact form: guest ticket opened');
      // The sent page in the form's language: without scripts no cookie has kept the visitor's choice.
      if (form) return reply.redirect(`${CONTACT_SENT_PATH}?lng=${language}`, 303);
      return reply.code(201).send({ number: ticketNumber(ticket.number) });
    },
  );
};
