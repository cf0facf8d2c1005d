import { type Kysely, sql } from 'kysely';

/**
 * Support tickets and their messages (docs/decisions/012-data-model.md). `number` is the ticket's public
 * number (TCK-1042), taken from the `ticket` counter. Statuses: packages/shared/src/states/ticket.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tickets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('number', 'integer', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('department', 'text', (col) =>
      col.notNull().check(sql`department in ('technical', 'billing', 'sales', 'general')`),
    )
    .addColumn('priority', 'text', (col) => col.notNull().check(sql`priority in ('low', 'medium', 'high', 'urgent')`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'answered', 'closed')`))
    .addColumn('assigned_to', 'text', (col) => col.references('users.id'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('tickets_user_updated').on('tickets').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('tickets_user_status').on('tickets').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('tickets_status_priority').on('tickets').columns(['status', 'priority']).execute();
  await db.schema.createIndex('tickets_assigned').on('tickets').column('assigned_to').execute();

  await db.schema
    .createTable('ticket_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('ticket_id', 'text', (col) => col.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (col) => col.references('users.id'))
    .addColumn('author_kind', 'text', (col) => col.notNull().check(sql`author_kind in ('customer', 'staff')`))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_messages_ticket_created')
    .on('ticket_messages')
    .columns(['ticket_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_messages').execute();
  await db.schema.dropTable('tickets').execute();
}
