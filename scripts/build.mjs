#!/usr/bin/env node
// npm run build: installs what is missing, then builds the web app and the API.
// Without --force, only what changed since the last build.
import { ensureBuild, ensureInstall } from './lib.mjs';

ensureInstall();
await ensureBuild({ force: process.argv.includes('--force') });
