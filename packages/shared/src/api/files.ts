import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';

/**
 * The customer's file manager of a hosting service (docs/decisions/057-file-manager.md). Paths are relative to the
 * site's home (`public_html/index.php`; '' is the home). The server refuses here what it can see without the node
 * (absolute paths, `..`, control characters); the node's agent checks them again and refuses symbolic links,
 * zip slip and uploads over the plan's storage.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });

/** The largest upload chunk, in bytes (the browser sends the file in pieces of this size, base64 in JSON). */
export const FILE_UPLOAD_CHUNK_BYTES = 512 * 1024;
/** The largest text file the editor opens or saves, in bytes. */
export const FILE_TEXT_MAX_BYTES = 512 * 1024;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A path inside the home: relative, no `..` part, no control character. */
export const filePathSchema = z
  .string(msg('validation.required'))
  .max(4096, msg('validation.tooLong'))
  .refine((value) => !value.startsWith('/') && !value.split('/').includes('..'), msg('validation.filePathOutside'))
  .refine((value) => !CONTROL.test(value), msg('validation.fileNameInvalid'))
  .refine(
    (value) => value === '' || value.split('/').every((part) => part !== '' && part !== '.'),
    msg('validation.fileNameInvalid'),
  );

export const fileListQuerySchema = z.strictObject({ path: filePathSchema.default('') });
export const filePathQuerySchema = z.strictObject({
  path: filePathSchema.refine((v) => v !== '', msg('validation.required')),
});

export const fileEntrySchema = z.object({
  name: z.string(),
  type: z.enum(['file', 'folder', 'link', 'other']),
  size: z.number().int().nonnegative(),
  modifiedAt: z.iso.datetime(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const fileListingSchema = z.object({
  path: z.string(),
  entries: z.array(fileEntrySchema),
  total: z.number().int().describe('Entries in the folder (at most 5,000 are answered)'),
});
export type FileListing = z.infer<typeof fileListingSchema>;

export const fileTextSchema = z.object({
  path: z.string(),
  content: z.string(),
  size: z.number().int(),
  modifiedAt: z.iso.datetime(),
});
export type FileText = z.infer<typeof fileTextSchema>;

export const fileSaveTextSchema = z.strictObject({
  path: filePathSchema,
  content: z.string(msg('validation.required')).max(FILE_TEXT_MAX_BYTES, msg('validation.fileTextTooLarge')),
});
export type FileSaveText = z.infer<typeof fileSaveTextSchema>;

export const fileSavedSchema = z.object({ path: z.string(), size: z.number().int(), modifiedAt: z.iso.datetime() });

export const fileUploadStartSchema = z.strictObject({
  path: filePathSchema,
  size: z.number(msg('validation.invalidType')).int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  overwrite: z.boolean().default(false),
});
export type FileUploadStart = z.input<typeof fileUploadStartSchema>;

export const fileUploadChunkSchema = z.strictObject({
  offset: z.number(msg('validation.invalidType')).int().nonnegative(),
  data: z
    .string()
    .max(Math.ceil(FILE_UPLOAD_CHUNK_BYTES / 3) * 4, msg('validation.tooLong'))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, msg('validation.invalidType'))
    .describe('The chunk, base64'),
});
export type FileUploadChunk = z.infer<typeof fileUploadChunkSchema>;

export const fileUploadParamsSchema = z.strictObject({
  id: z.string().min(1).max(100),
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{22}$/, msg('validation.invalidType')),
});

export const fileUploadSchema = z.object({
  uploadId: z.string(),
  path: z.string(),
  size: z.number().int(),
  received: z.number().int(),
  done: z.boolean(),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;

export const fileMoveSchema = z.strictObject({ from: filePathSchema, to: filePathSchema });
export type FileMove = z.infer<typeof fileMoveSchema>;
export const filePathBodySchema = z.strictObject({ path: filePathSchema });
export const fileExtractSchema = z.strictObject({ path: filePathSchema, into: filePathSchema });
export type FileExtract = z.infer<typeof fileExtractSchema>;

export const fileDoneSchema = z.object({ ok: z.literal(true), path: z.string() });
export const fileExtractedSchema = z.object({ ok: z.literal(true), path: z.string(), files: z.number().int() });
