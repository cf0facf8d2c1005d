import { type Kysely, sql } from 'kysely';

/** Knowledge-base articles, written in English and in Russian (docs/decisions/012-data-model.md). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('knowledge_articles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('category', 'text', (col) =>
      col.notNull().check(sql`category in ('domains', 'hosting', 'email', 'security', 'billing', 'servers')`),
    )
    .addColumn('title_en', 'text', (col) => col.notNull())
    .addColumn('title_ru', 'text', (col) => col.notNull())
    .addColumn('body_en', 'text', (col) => col.notNull())
    .addColumn('body_ru', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('knowledge_articles_views').on('knowledge_articles').column('views').execute();
  await db.schema
    .createIndex('knowledge_articles_category')
    .on('knowledge_articles')
    .columns(['category', 'views'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('knowledge_articles').execute();
}
