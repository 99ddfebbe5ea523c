export { betaInternal as beta } from './beta-internal.ts';
