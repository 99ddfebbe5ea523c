export * from './errors.ts';
export * from './users.ts';
export * from './routes.ts';
export * from './config.ts';
export * from './channels.ts';
export * from './keywords.ts';
export * from './optimization.ts';
export * from './ideation.ts';
