import { type ValidationMessageKey, VALIDATION_MESSAGES } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';

/** The agent's refusal codes (apps/agent/src/file-manager.ts) as the API's errors. */
const AGENT_CODES: Record<
  string,
  { code: 'VALIDATION_FAILED' | 'INVALID_STATE' | 'NOT_FOUND'; field: string; key: ValidationMessageKey }
> = {
  'path-outside': { code: 'VALIDATION_FAILED', field: 'path', key: 'validation.filePathOutside' },
  'name-invalid': { code: 'VALIDATION_FAILED', field: 'path', key: 'validation.fileNameInvalid' },
  symlink: { code: 'VALIDATION_FAILED', field: 'path', key: 'validation.fileSymlink' },
  'zip-unsafe': { code: 'VALIDATION_FAILED', field: 'archive', key: 'validation.fileZipUnsafe' },
  'zip-invalid': { code: 'VALIDATION_FAILED', field: 'archive', key: 'validation.fileZipInvalid' },
  'quota-exceeded': { code: 'INVALID_STATE', field: 'size', key: 'validation.fileQuota' },
  'file-not-found': { code: 'NOT_FOUND', field: 'path', key: 'validation.fileNotFound' },
  'file-exists': { code: 'INVALID_STATE', field: 'path', key: 'validation.fileExists' },
  'not-a-folder': { code: 'VALIDATION_FAILED', field: 'path', key: 'validation.fileNotFolder' },
  'not-a-file': { code: 'VALIDATION_FAILED', field: 'path', key: 'validation.fileNotFile' },
  protected: { code: 'VALIDATION_FAILED', field: 'path', key: 'validation.fileProtected' },
  'text-too-large': { code: 'VALIDATION_FAILED', field: 'content', key: 'validation.fileTextTooLarge' },
  'not-text': { code: 'VALIDATION_FAILED', field: 'content', key: 'validation.fileNotText' },
  'upload-not-found': { code: 'NOT_FOUND', field: 'upload', key: 'validation.fileUploadGone' },
  'upload-offset': { code: 'INVALID_STATE', field: 'upload', key: 'validation.fileUploadGone' },
  'site-suspended': { code: 'INVALID_STATE', field: 'service', key: 'validation.fileSiteSuspended' },
  invalid: { code: 'VALIDATION_FAILED', field: 'path', key: 'validation.invalidType' },
};

/** Turns the agent's answer into the API's error; an agent that cannot be reached is 503. */
export function fileError(status: number, body: { error?: string; message?: string }): AppError {
  const known = body.error ? AGENT_CODES[body.error] : undefined;
  if (known && status < 500) {
    return new AppError(known.code, {
      message: VALIDATION_MESSAGES[known.key],
      fields: { [known.field]: { code: known.key, message: VALIDATION_MESSAGES[known.key] } },
    });
  }
  return new AppError('SERVICE_UNAVAILABLE', {
    message: 'The web node could not do this now; try again shortly',
    headers: { 'retry-after': '5' },
    cause: new Error(`agent ${status}: ${body.error ?? ''} ${body.message ?? ''}`),
  });
}
