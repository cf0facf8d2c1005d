import type { App } from '../app';

/** Every stored row of both tables, in a stable order: compare two snapshots to prove nothing changed. */
export async function snapshotData(app: App): Promise<string> {
  const users = await app.database.db.selectFrom('users').selectAll().orderBy('id').execute();
  const tokens = await app.database.db.selectFrom('refreshTokens').selectAll().orderBy('id').execute();
  return JSON.stringify({ users, tokens });
}

/** The error shape of docs/architecture.md: `{ error: { code, message, fields? } }` and nothing else. */
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return false;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields, ...rest } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    /^[A-Z_]+$/.test(code) &&
    typeof message === 'string' &&
    (fields === undefined || (typeof fields === 'object' && fields !== null)) &&
    Object.keys(rest).length === 0
  );
}

/** The JSON body of an answer, or undefined when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
