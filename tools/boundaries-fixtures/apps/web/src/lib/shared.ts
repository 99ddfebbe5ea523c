// Shared code importing a feature (forbidden).
import { alphaPart } from '../features/alpha/alpha-part.ts';

export const shared = `shared ${alphaPart.length}`;
