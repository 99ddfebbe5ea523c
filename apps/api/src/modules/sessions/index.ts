/** The sessions module's public surface: sessions, refresh-token families, known browsers. */
export { KnownDevices, type KnownDevice } from './known-devices.ts';
export {
  SessionService,
  type AuthenticatedSession,
  type IssuedSession,
} from './session.service.ts';
