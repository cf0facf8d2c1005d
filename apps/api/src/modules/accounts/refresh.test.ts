import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, login, logout, me, PASSWORD, refresh, refreshRowOf, register, type Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { createRefreshTokensRepository } from './refresh-tokens.repository';

const REFRESH_TOKEN_INVALID = { error: { code: 'REFRESH_TOKEN_INVALID', message: 'The refresh token is not valid' } };

const HOUR = 3600;

describe(`POST /api/auth/refresh and /api/auth/logout (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const clock = fakeClock();

  beforeAll(async () => {
    ctx = await createTestApp(
      {
        REFRESH_TOKEN_TTL: String(10 * HOUR),
        REFRESH_TOKEN_REMEMBER_TTL: String(20 * HOUR),
        REFRESH_FAMILY_MAX_AGE: String(25 * HOUR),
        RATE_LIMIT_LOGIN_IP_MAX: '1000',
      },
      { clock },
    );
  });

  afterAll(async () => {
    await ctx.close();
  });

  async function expectRefused(refreshToken: string) {
    const response = await refresh(ctx.app, refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(REFRESH_TOKEN_INVALID);
  }

  async function rotate(refreshToken: string): Promise<{ token: string; refresh_token: string }> {
    const response = await refresh(ctx.app, refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('answers exactly {token, refresh_token}: a working access token and the next refresh token', async () => {
    const { session } = await register(ctx.app);
    clock.advance(1000);
    const response = await refresh(ctx.app, session.refresh_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['refresh_token', 'token']);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).not.toBe(session.refresh_token);
    expect(body.token).not.toBe(session.access_token);
    expect((await me(ctx.app, `Bearer ${body.token}`)).json()).toEqual(session.user);

    const parent = await refreshRowOf(ctx.app, session.refresh_token);
    const child = await refreshRowOf(ctx.app, body.refresh_token);
    expect(parent.usedAt).toBe(clock.now());
    expect(child).toMatchObject({ familyId: parent.familyId, parentId: parent.id, usedAt: null, revokedAt: null });
  });

  it('takes the role for the new access token from the database', async () => {
    const { session } = await register(ctx.app);
    await ctx.app.database.db.updateTable('users').set({ role: 1 }).where('id', '=', session.user.id).execute();
    const { token } = await rotate(session.refresh_token);
    expect((await me(ctx.app, `Bearer ${token}`)).json().role).toBe(1);
  });

  it('refuses a rotated token used again, and revokes its whole family with it', async () => {
    const { session } = await register(ctx.app);
    const second = await rotate(session.refresh_token);
    const third = await rotate(second.refresh_token);
    await expectRefused(session.refresh_token);
    // The family's newest token, never used, dies with it: whoever held the stolen copy is out too.
    await expectRefused(third.refresh_token);
    await expectRefused(second.refresh_token);
    expect(ctx.logs()).toMatch(/"outcome":"reuse_detected"/);
  });

  it('lets at most one of two simultaneous refreshes of one token succeed', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { session } = await register(ctx.app);
      const answers = await Promise.all([
        refresh(ctx.app, session.refresh_token),
        refresh(ctx.app, session.refresh_token),
        refresh(ctx.app, session.refresh_token),
      ]);
      const ok = answers.filter((r) => r.statusCode === 200);
      expect(ok.length).toBeLessThanOrEqual(1);
      for (const refused of answers.filter((r) => r.statusCode !== 200)) {
        expect(refused.json()).toEqual(REFRESH_TOKEN_INVALID);
      }
      // The second use is a reuse: the family is revoked, so the winner's new token is refused too.
      for (const winner of ok) await expectRefused(winner.json().refresh_token);
      const rows = await ctx.app.database.db
        .selectFrom('refreshTokens')
        .selectAll()
        .where('userId', '=', session.user.id)
        .execute();
      expect(rows.length).toBe(1 + ok.length);
      expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    }
  });

  it('rotates a token once even from a stale read: the conditional update decides, not the earlier check', async () => {
    const { session } = await register(ctx.app);
    const tokens = createRefreshTokensRepository(ctx.app.database.db);
    const row = await refreshRowOf(ctx.app, session.refresh_token);
    const [first, second] = await Promise.all([
      tokens.rotate(row, clock.now(), HOUR * 1000),
      tokens.rotate(row, clock.now(), HOUR * 1000),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await tokens.rotate(row, clock.now(), HOUR * 1000)).toBeNull();
    const children = await ctx.app.database.db
      .selectFrom('refreshTokens')
      .select('id')
      .where('parentId', '=', row.id)
      .execute();
    expect(children).toHaveLength(1);
  });

  it('refuses an access token presented as a refresh token', async () => {
    const { session } = await register(ctx.app);
    await expectRefused(session.access_token);
  });

  it('refuses unknown tokens and answers 400 to malformed bodies', async () => {
    await expectRefused('A'.repeat(43));
    await expectRefused("' OR 1=1 --");
    for (const body of [
      {},
      { refreshToken: '' },
      { refreshToken: 42 },
      { refreshToken: null },
      { refreshToken: ['x'] },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await refresh(ctx.app, 'x'.repeat(513))).json().error.fields.refreshToken.code).toBe('validation.tooLong');
  });

  it('refuses a token after its lifetime, and carries "remember me" through rotation', async () => {
    const { account, session } = await register(ctx.app);
    clock.advance(10 * HOUR * 1000);
    await expectRefused(session.refresh_token);

    const remembered = (await login(ctx.app, { email: account.email, password: PASSWORD, remember: true })).json();
    clock.advance(15 * HOUR * 1000);
    const next = await rotate(remembered.refresh_token);
    const row = await refreshRowOf(ctx.app, next.refresh_token);
    // 20 hours with remember, but never past the family's end (25 hours after sign-in).
    expect(row.expiresAt).toBe(row.familyExpiresAt);
    expect(row.familyExpiresAt - row.createdAt).toBe(10 * HOUR * 1000);
  });

  it('ends a family at its absolute expiry however often it is refreshed', async () => {
    const { session } = await register(ctx.app);
    let current = session.refresh_token;
    for (let i = 0; i < 3; i += 1) {
      clock.advance(8 * HOUR * 1000);
      current = (await rotate(current)).refresh_token;
    }
    const row = await refreshRowOf(ctx.app, current);
    expect(row.expiresAt).toBe(row.familyExpiresAt);
    // 24 hours in; the family ends at 25 although this token was issued for 10 hours.
    clock.advance(HOUR * 1000 - 1);
    current = (await rotate(current)).refresh_token;
    clock.advance(1);
    await expectRefused(current);
  });

  it('signs out with 204: the family is revoked, and repeating it or an unknown token is 204 too', async () => {
    const { session } = await register(ctx.app);
    const next = await rotate(session.refresh_token);
    const response = await logout(ctx.app, next.refresh_token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('no-store');
    await expectRefused(next.refresh_token);
    expect((await logout(ctx.app, next.refresh_token)).statusCode).toBe(204);
    expect((await logout(ctx.app, session.refresh_token)).statusCode).toBe(204);
    expect((await logout(ctx.app, 'never-issued')).statusCode).toBe(204);
    expect((await logout(ctx.app, session.access_token)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode).toBe(400);
  });

  it('signs out one session only: other sign-ins of the same user go on', async () => {
    const { account, session } = await register(ctx.app);
    const other = (await login(ctx.app, { email: account.email, password: PASSWORD })).json() as Session;
    expect((await logout(ctx.app, session.refresh_token)).statusCode).toBe(204);
    await expectRefused(session.refresh_token);
    await rotate(other.refresh_token);
  });

  it('revokeAllForUser ends every session of that user and no one else', async () => {
    const { account, session } = await register(ctx.app);
    const second = (await login(ctx.app, { email: account.email, password: PASSWORD })).json() as Session;
    const { session: bystander } = await register(ctx.app);
    const revoked = await createRefreshTokensRepository(ctx.app.database.db).revokeAllForUser(
      session.user.id,
      clock.now(),
    );
    expect(revoked).toBe(2);
    await expectRefused(session.refresh_token);
    await expectRefused(second.refresh_token);
    await rotate(bystander.refresh_token);
  });

  it('refuses the refresh token of a deleted user', async () => {
    const { session } = await register(ctx.app);
    // Audit entries reference the account; the product anonymises rather than removes it (decision 027).
    await ctx.app.database.db.deleteFrom('auditLog').where('actorId', '=', session.user.id).execute();
    await ctx.app.database.db.deleteFrom('users').where('id', '=', session.user.id).execute();
    await expectRefused(session.refresh_token);
  });

  it("deletes a user's dead tokens (revoked, or of ended families) when they sign in again", async () => {
    const { account, session } = await register(ctx.app);
    await logout(ctx.app, session.refresh_token);
    const live = (await login(ctx.app, { email: account.email, password: PASSWORD })).json() as Session;
    const rows = await ctx.app.database.db
      .selectFrom('refreshTokens')
      .select('revokedAt')
      .where('userId', '=', session.user.id)
      .execute();
    expect(rows).toEqual([{ revokedAt: null }]);
    await rotate(live.refresh_token);
  });

  it('never logs a refresh or access token', async () => {
    const { session } = await register(ctx.app);
    const next = await rotate(session.refresh_token);
    await logout(ctx.app, next.refresh_token);
    const logs = ctx.logs();
    for (const secret of [session.refresh_token, session.access_token, next.refresh_token, next.token]) {
      expect(logs).not.toContain(secret);
    }
  });
});
