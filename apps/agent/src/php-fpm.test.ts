import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSite, nodeAvailable, startTestNode, type TestNode, siteInputs } from './test/node';

// Real nginx, php-fpm and MariaDB (docs/decisions/064-adding-a-site-at-scale.md); `.ci/run` installs them.
if (!nodeAvailable) throw new Error('These tests need nginx, php-fpm and root: see .ci/run');

let node: TestNode;
const input = siteInputs(0);

beforeAll(async () => {
  // Two pools per master, so three sites need two masters.
  node = await startTestNode({ phpFpmShardSize: 2 });
});
afterAll(async () => {
  await node?.cleanUp();
});

/** The times a master has reloaded, from its own log. */
const reloads = (log: string) =>
  fs.existsSync(log) ? (fs.readFileSync(log, 'utf8').match(/Reloading in progress/g) ?? []).length : 0;

describe('php-fpm pools split over several masters', () => {
  it('puts a site past the first master into a second, each running PHP as its own user, and reloads only its own', async () => {
    const ids = ['shard-a', 'shard-b', 'shard-c'];
    for (const id of ids) {
      await node.sites.apply(id, input(`${id}.example.com`));
      const state = node.sites.read(id)!;
      const file = path.join(state.home, 'public_html', 'who.php');
      fs.writeFileSync(file, '<?php echo posix_getpwuid(posix_geteuid())["name"];');
      const owner = fs.statSync(path.dirname(file));
      fs.chownSync(file, owner.uid, owner.gid);
    }
    const fpm = path.join(node.root, 'php-fpm');
    expect(fs.readdirSync(path.join(fpm, 'pools')).sort()).toEqual(['shard-a.conf', 'shard-b.conf']);
    expect(fs.readdirSync(path.join(fpm, 'pools-1'))).toEqual(['shard-c.conf']);
    for (const id of ids) {
      expect(await getSite(node.port, `${id}.example.com`, '/who.php')).toEqual({
        status: 200,
        body: node.sites.read(id)!.user,
      });
    }

    // Suspending the third site touches its master alone: the first is not reloaded and keeps serving.
    const firstLog = path.join(fpm, 'logs', 'php-fpm.log');
    const before = reloads(firstLog);
    // It did reload when the second site joined it (so the count below would see one more).
    expect(before).toBeGreaterThan(0);
    await node.sites.apply('shard-c', input('shard-c.example.com', { status: 'suspended' }));
    expect(reloads(firstLog)).toBe(before);
    expect(fs.readdirSync(path.join(fpm, 'pools-1'))).toEqual([]);
    expect(fs.existsSync(path.join(fpm, 'run', 'php-fpm-1.pid'))).toBe(false);
    expect((await getSite(node.port, 'shard-c.example.com', '/who.php')).status).toBe(503);
    expect((await getSite(node.port, 'shard-a.example.com', '/who.php')).body).toBe(node.sites.read('shard-a')!.user);

    // Back: a master with room takes it again, and the node reports its PHP running.
    await node.sites.apply('shard-c', input('shard-c.example.com'));
    expect(await getSite(node.port, 'shard-c.example.com', '/who.php')).toEqual({
      status: 200,
      body: node.sites.read('shard-c')!.user,
    });
    expect(node.sites.health().phpFpm).toBe(true);
  });
});
