export * from './errors';
export * from './roles';
export * from './demo';
export * from './schemas/messages';
export * from './schemas/auth';
export * from './schemas/contact';
export * from './catalog';
export * from './api/admin';
