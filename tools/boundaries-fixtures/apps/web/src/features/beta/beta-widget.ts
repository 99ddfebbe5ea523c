// Imports the app shell (forbidden: app/ composes features, not the other way round).
import { shellName } from '../../app/shell.ts';

export const betaWidget = `beta in ${shellName}`;
