// The app composes features (allowed).
import { alphaPart } from '../features/alpha/alpha-part.ts';

export const shellName = `shell with ${alphaPart}`;
