import fs from 'node:fs';

export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('hostpilot-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
