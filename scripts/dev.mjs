#!/usr/bin/env node
// npm run dev: the API restarting on change (port API_PORT, default 3001) and the web app with hot
// reload (port WEB_PORT, default 5173), which proxies /api to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstall, paint, ROOT } from './lib.mjs';

ensureInstall();
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '5173';
// The API runs from apps/api: keep its data where `npm start` keeps it, at the root.
const env = {
  ...process.env,
  API_PORT: apiPort,
  WEB_PORT: webPort,
  DATA_DIR: process.env.DATA_DIR ?? path.join(ROOT, 'data'),
};

const children = [
  ['api', 'npm', ['run', 'dev', '-w', 'apps/api'], { ...env, PORT: apiPort, LOG_PRETTY: 'true' }, '35'],
  ['web', 'npm', ['run', 'dev', '-w', 'apps/web'], env, '36'],
].map(([name, command, args, childEnv, code]) => {
  const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = paint(code, `[${name}]`);
  const relay = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line) out.write(`${prefix} ${line}\n`);
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`${prefix} stopped (${code ?? 'signal'})`);
    shutdown();
  });
  return child;
});

console.log(paint('1', `\n  Development: open http://localhost:${webPort} (API on ${apiPort}, proxied at /api)\n`));

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
