#!/usr/bin/env node
// npm start: install what is missing, build what changed, then run the server in this process
// (it migrates and seeds the database on start-up, and stops cleanly on Ctrl-C).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild, ensureInstall, ROOT } from './lib.mjs';

ensureInstall();
await ensureBuild();
if (process.env.LOG_PRETTY === undefined && process.stdout.isTTY) process.env.LOG_PRETTY = 'true';
await import(pathToFileURL(path.join(ROOT, 'apps/api/dist/server.js')).href);
