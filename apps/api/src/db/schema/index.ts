export * from './users.ts';
export * from './channels.ts';
export * from './events.ts';
export * from './mail.ts';
export * from './cache.ts';
export * from './optimization.ts';
export * from './keywords.ts';
export * from './ideas.ts';
