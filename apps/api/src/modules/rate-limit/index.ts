/** The rate-limit module's public surface: fixed-window limits and the sign-in throttle. */
export {
  backoffDelaySeconds,
  DEFAULT_AUTH_LIMITS,
  GENEROUS_AUTH_LIMITS,
  KNOWN_DEVICE_SECONDS,
  type AuthLimits,
} from './auth-limits.ts';
export { AuthThrottle, type ThrottleKey } from './auth-throttle.ts';
export { RateLimitService, type Limit } from './rate-limit.service.ts';
