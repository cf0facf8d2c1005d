export * from './machine';
export * from './service';
export * from './domain';
export * from './invoice';
export * from './payment';
export * from './ticket';
export * from './server';
export * from './order';
