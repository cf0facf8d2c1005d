import { Readable } from 'node:stream';
import { FILE_UPLOAD_CHUNK_BYTES, filesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOMER_ROUTE } from '../../lib/customer-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { authOf } from '../../plugins/authenticate';
import { siteFilesOf } from './site-files';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * The customer's file manager (docs/decisions/057-file-manager.md): the owner of an active hosting service placed
 * on a web node reads and changes its site's files through the node's agent, with the server's secret. Another
 * account's service, or a service that is not hosting on a web node, is 404; a suspended one is refused.
 */

const FILE_ERRORS = errorResponses({
  ...BODY_ERRORS,
  400: 'VALIDATION_FAILED: `fields.path` (or `archive`, `content`) names the refusal: filePathOutside, fileNameInvalid, fileSymlink, fileZipUnsafe, …',
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: 'NOT_FOUND: no such hosting service among your own, or no such file (`fields.path`)',
  409: 'INVALID_STATE: the service is not active, the name exists already, or the upload would go over the storage (`fields.size`: validation.fileQuota)',
  503: 'SERVICE_UNAVAILABLE: the web node does not answer; try again shortly',
});

export const filesRoutes: FastifyPluginAsyncZod<{ secretBox: SecretBox }> = async (app, { secretBox }) => {
  const deps = { db: app.database.db, secretBox };
  /** The signed-in owner's active hosting site's files (site-files.ts). */
  const filesOf = (userId: string, serviceId: string) => siteFilesOf(deps, userId, serviceId);

  const route = (summary: string) => ({ ...CUSTOMER_ROUTE, tags: ['files'], summary });

  endpointRoute(
    app,
    filesEndpoints.getHostingFiles,
    {
      schema: {
        ...route('List a folder of my hosting service’s site'),
        response: FILE_ERRORS,
      },
    },
    async (request) => (await filesOf(authOf(request).userId, request.params.id)).list(request.query.path),
  );

  endpointRoute(
    app,
    filesEndpoints.getHostingFilesDownload,
    {
      schema: {
        ...route('Download a file of my hosting service’s site'),
        response: FILE_ERRORS,
      },
    },
    async (request, reply) => {
      const files = await filesOf(authOf(request).userId, request.params.id);
      // The first range answers the size and any refusal before the answer starts; the rest stream after it.
      const first = await files.download(request.query.path, 0);
      const name = request.query.path.split('/').at(-1)!;
      async function* rest() {
        yield first.data;
        let offset = first.data.length;
        while (offset < first.size) {
          const next = await files.download(request.query.path, offset);
          if (next.data.length === 0) break;
          yield next.data;
          offset += next.data.length;
        }
      }
      return reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(first.size))
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(Readable.from(rest()));
    },
  );

  endpointRoute(
    app,
    filesEndpoints.getHostingFilesText,
    {
      schema: {
        ...route('Open a text file of my hosting service’s site to edit it'),
        response: FILE_ERRORS,
      },
    },
    async (request) => (await filesOf(authOf(request).userId, request.params.id)).readText(request.query.path),
  );

  endpointRoute(
    app,
    filesEndpoints.putHostingFilesText,
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        ...route('Save a text file of my hosting service’s site (made when missing)'),
        response: FILE_ERRORS,
      },
    },
    async (request) =>
      (await filesOf(authOf(request).userId, request.params.id)).saveText(request.body.path, request.body.content),
  );

  endpointRoute(
    app,
    filesEndpoints.postHostingFilesUploads,
    {
      schema: {
        ...route('Start an upload: the storage quota is checked for the whole size before a byte is written'),
        description: `Then send the file in chunks of at most ${FILE_UPLOAD_CHUNK_BYTES} bytes, in order.`,
        response: FILE_ERRORS,
      },
    },
    async (request, reply) => {
      const files = await filesOf(authOf(request).userId, request.params.id);
      return reply.code(201).send(await files.startUpload(request.body));
    },
  );

  endpointRoute(
    app,
    filesEndpoints.putHostingFilesUploadsItem,
    {
      bodyLimit: 1024 * 1024,
      schema: {
        ...route('Send the next chunk of an upload; the last one puts the file in place'),
        response: FILE_ERRORS,
      },
    },
    async (request) =>
      (await filesOf(authOf(request).userId, request.params.id)).uploadChunk(request.params.uploadId, request.body),
  );

  endpointRoute(
    app,
    filesEndpoints.postHostingFilesFolders,
    {
      schema: {
        ...route('Make a folder'),
        response: FILE_ERRORS,
      },
    },
    async (request, reply) => {
      const files = await filesOf(authOf(request).userId, request.params.id);
      await files.makeFolder(request.body.path);
      return reply.code(201).send({ ok: true as const, path: request.body.path });
    },
  );

  endpointRoute(
    app,
    filesEndpoints.postHostingFilesMove,
    {
      schema: {
        ...route('Rename or move a file or folder (never over an existing one)'),
        response: FILE_ERRORS,
      },
    },
    async (request) => {
      const files = await filesOf(authOf(request).userId, request.params.id);
      await files.move(request.body.from, request.body.to);
      return { ok: true as const, path: request.body.to };
    },
  );

  endpointRoute(
    app,
    filesEndpoints.postHostingFilesDelete,
    {
      schema: {
        ...route('Delete a file or a folder with everything in it'),
        response: FILE_ERRORS,
      },
    },
    async (request) => {
      const files = await filesOf(authOf(request).userId, request.params.id);
      await files.remove(request.body.path);
      return { ok: true as const, path: request.body.path };
    },
  );

  endpointRoute(
    app,
    filesEndpoints.postHostingFilesExtract,
    {
      schema: {
        ...route('Extract a zip archive into a folder (every entry checked first; nothing existing is replaced)'),
        response: FILE_ERRORS,
      },
    },
    async (request) => {
      const files = await filesOf(authOf(request).userId, request.params.id);
      const done = await files.extract(request.body.path, request.body.into);
      return { ok: true as const, path: request.body.into, files: done.files };
    },
  );
};
