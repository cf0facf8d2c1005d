import { randomBytes } from 'node:crypto';
import { databaseName } from './names';
import { run } from './run';

/**
 * MariaDB on the node (docs/decisions/055-web-node-agent.md), through the `mariadb` client with SQL on standard
 * input: names are checked against their patterns first (they are the only values put in a statement besides
 * the agent's own random passwords), and no password appears in a process's arguments.
 */

export interface MariaDbOptions {
  client: string;
  dump: string;
  host: string;
  port: number;
  user: string;
  /** A client option file holding the administrator's password, when it has one. */
  defaultsFile?: string;
  /** The hosts each database user is created for (`localhost` for the socket, `127.0.0.1` for TCP). */
  userHosts: readonly string[];
}

const HOST = /^[a-z0-9.:%-]{1,60}$/;

/** A password of 24 base64url characters: nothing in it needs quoting in SQL. */
export function newPassword(): string {
  return randomBytes(18).toString('base64url');
}

export function createMariaDb(options: MariaDbOptions) {
  for (const host of options.userHosts) if (!HOST.test(host)) throw new Error(`Not a database host: ${host}`);
  const connection = [
    ...(options.defaultsFile ? [`--defaults-extra-file=${options.defaultsFile}`] : []),
    '--protocol=tcp',
    `--host=${options.host}`,
    `--port=${options.port}`,
    `--user=${options.user}`,
  ];

  async function sql(statements: string): Promise<string[][]> {
    const answer = await run(options.client, [...connection, '--batch', '--skip-column-names', '--raw'], {
      input: statements,
    });
    return answer.stdout
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => line.split('\t'));
  }

  const accounts = (user: string) => options.userHosts.map((host) => `'${databaseName(user, 'user')}'@'${host}'`);

  return {
    sql,
    connection: { host: options.host, port: options.port },

    /** The databases whose names start with `<prefix>_`. */
    async databases(prefix: string): Promise<string[]> {
      const rows = await sql(
        `SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE '${prefix.replace(/_/g, '\\_')}\\_%' ORDER BY 1;`,
      );
      return rows.map((row) => row[0]!).filter((name) => name.startsWith(`${prefix}_`));
    },

    /** Creates the database and its user (same name) with a new password, locked when asked. Answers the password. */
    async create(name: string, locked: boolean): Promise<string> {
      const db = databaseName(name);
      const password = newPassword();
      const statements = [`CREATE DATABASE IF NOT EXISTS \`${db}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`];
      for (const account of accounts(db)) {
        statements.push(
          `CREATE USER IF NOT EXISTS ${account} IDENTIFIED BY '${password}';`,
          `ALTER USER ${account} IDENTIFIED BY '${password}' ACCOUNT ${locked ? 'LOCK' : 'UNLOCK'};`,
          `GRANT ALL PRIVILEGES ON \`${db}\`.* TO ${account};`,
        );
      }
      await sql(statements.join('\n'));
      return password;
    },

    async setPassword(name: string): Promise<string> {
      const password = newPassword();
      await sql(
        accounts(name)
          .map((account) => `ALTER USER ${account} IDENTIFIED BY '${password}';`)
          .join('\n'),
      );
      return password;
    },

    async drop(name: string): Promise<void> {
      const db = databaseName(name);
      await sql(
        [
          ...accounts(db).map((account) => `DROP USER IF EXISTS ${account};`),
          `DROP DATABASE IF EXISTS \`${db}\`;`,
        ].join('\n'),
      );
    },

    /** Locks or unlocks the users of these databases (a suspended site's). */
    async lock(names: readonly string[], locked: boolean): Promise<void> {
      if (names.length === 0) return;
      const existing = new Set((await sql(`SELECT CONCAT(user, '@', host) FROM mysql.user;`)).map((row) => row[0]!));
      const statements: string[] = [];
      for (const name of names) {
        for (const host of options.userHosts) {
          if (!existing.has(`${databaseName(name)}@${host}`)) continue;
          statements.push(`ALTER USER '${name}'@'${host}' ACCOUNT ${locked ? 'LOCK' : 'UNLOCK'};`);
        }
      }
      if (statements.length > 0) await sql(statements.join('\n'));
    },

    /** Bytes the databases take (data and indexes). */
    async size(names: readonly string[]): Promise<number> {
      if (names.length === 0) return 0;
      const list = names.map((name) => `'${databaseName(name)}'`).join(',');
      const rows = await sql(
        `SELECT COALESCE(SUM(data_length + index_length), 0) FROM information_schema.tables WHERE table_schema IN (${list});`,
      );
      return Number(rows[0]?.[0] ?? 0);
    },

    /** Writes a dump of the database to `file` (for the archive a terminated site leaves). */
    async dump(name: string, file: string): Promise<void> {
      await run(options.dump, [
        ...connection,
        '--single-transaction',
        '--routines',
        '--events',
        `--result-file=${file}`,
        '--databases',
        databaseName(name),
      ]);
    },
  };
}

export type MariaDb = ReturnType<typeof createMariaDb>;
