import type { BulkResult } from '@hostpilot/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors';

/**
 * Runs a back-office action on each id in turn (docs/decisions/048-operator-journeys.md): `run` is the single
 * action, with its own transaction and audit entry, so one refused row never undoes or stops the others. A
 * refusal is answered for its row with the code the single action answers; an unexpected failure is logged and
 * answered as INTERNAL for its row, since the rows before it are already done.
 */
export async function eachOnItsOwn(
  ids: readonly string[],
  log: FastifyBaseLogger,
  run: (id: string) => Promise<unknown>,
): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const id of ids) {
    try {
      await run(id);
      results.push({ id, ok: true });
    } catch (error) {
      const known = error instanceof AppError ? error : new AppError('INTERNAL');
      if (!(error instanceof AppError)) log.error({ err: error, event: 'bulk_item_failed', id }, 'bulk item failed');
      results.push({ id, ok: false, error: { code: known.code, message: known.message } });
    }
  }
  return { results };
}

export const BULK_DESCRIPTION =
  'Up to 100 different ids, one reason for all. Each id is done on its own, in its own transaction with its own ' +
  'audit entry, exactly as the single action; the answer says for each id whether it was done or why not ' +
  '(the code the single action answers). ';
