/**
 * What other modules may use of the meta module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): nothing yet, so lint refuses every file of it from outside; the composition root (app.ts,
 * admin.routes.ts) still registers its route file.
 */
export {};
