import { ticketNumber } from '@hostpilot/shared';
import { closeSilentTicket, ticketsSilentSince } from '../../support';
import { change, DAY, type JobContext } from './job-run';

/**
 * Closes tickets answered by staff whose last message is older than the setting. A guest ticket (decision 053) is
 * left to staff: its visitor has no account to be told, and may still answer by writing again.
 */
export async function ticketAutoclose(ctx: JobContext): Promise<number> {
  const threshold = ctx.now - ctx.settings.ticketCloseDays * DAY;
  const due = await ticketsSilentSince(ctx.db, threshold);
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await change(ctx, 'ticket-autoclose', userId, async (trx, records) => {
      const number = await closeSilentTicket(trx, id, threshold, ctx.now);
      if (number === undefined) return false;
      const params = { number: ticketNumber(number), days: ctx.settings.ticketCloseDays };
      await records.statusChange({
        entityType: 'ticket',
        entityId: id,
        from: 'answered',
        to: 'closed',
        reason: 'silent',
      });
      await records.tell({ type: 'info', key: 'ticketAutoClosed', params });
      await records.activity({ action: 'ticket.autoClosed', subjectType: 'ticket', subjectId: id, params });
      await records.audit({
        action: 'ticket.close',
        entityType: 'ticket',
        entityId: id,
        before: { status: 'answered' },
        after: { status: 'closed' },
      });
      return true;
    });
  }
  return changed;
}
