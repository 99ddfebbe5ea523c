import type { Limit } from './rate-limit.service.ts';

/**
 * A failure counter with growing delays (OWASP Authentication cheat sheet: prefer growing
 * delays to hard lockouts). Failures are counted in a window that starts with the first one;
 * from the `threshold`-th failure on, each failure blocks further attempts for
 * `firstDelaySeconds`, doubling with every further failure, at most `maxDelaySeconds`. A blocked
 * attempt is refused (429 with Retry-After) without being counted; nothing sleeps in a request.
 */
export interface BackoffRule {
  /** Failures in the window before the first delay. */
  threshold: number;
  /** How long failures are remembered, from the first one of the window. */
  windowSeconds: number;
  /** The delay after the threshold-th failure. */
  firstDelaySeconds: number;
  /** The longest delay. */
  maxDelaySeconds: number;
}

/** Every sign-in, password-check, reset and invitation limit, in one place. */
export interface AuthLimits {
  /**
   * Failures for one account from one IP address, on a browser that is not a known device of
   * the account; counts sign-ins and the current-password checks of update-password/set-email.
   * A success forgets them.
   */
  accountIp: BackoffRule;
  /**
   * Failures for one account on one of its known devices (instead of the three other rules),
   * sign-ins and current-password checks alike; one counter per device token.
   */
  device: BackoffRule;
  /**
   * Failures for one account from anywhere (distributed guessing), on browsers that are not a
   * known device of it. Successes do not count; setting a password through a mailed link
   * forgets them, so proving control always gets the owner back in.
   */
  account: BackoffRule;
  /** Sign-in failures from one IP address, any account; successes never count. */
  ip: BackoffRule;
  /** Reset e-mails for one address (silent: the answer is the same either way). */
  resetAccount: Limit;
  /** Reset requests from one IP address (429). */
  resetIp: Limit;
  /** Channel invitations sent by one person (429 `too-many-invitations`). */
  invitePerson: Limit;
  /** Invitations to one channel, whoever sends them (429 `too-many-invitations`). */
  inviteChannel: Limit;
  /** Public onboardings started from one IP address (429). */
  onboardingStartIp: Limit;
  /** Public onboardings started by one browser session (429). */
  onboardingStartSession: Limit;
  /** Reads and saves of onboardings (and their keyword suggestions) from one IP address (429). */
  onboardingIp: Limit;
  /** Verification e-mails asked for (e-mail step, resend) from one IP address (429). */
  onboardingSendIp: Limit;
  /** Verification e-mails asked for by one browser session (429). */
  onboardingSendSession: Limit;
  /** Code and link validations from one IP address (429). */
  onboardingVerifyIp: Limit;
  /** Code validations for one address from one session, tries of a live code only (429). */
  onboardingVerifyEmail: Limit;
  /** Code validations by one browser session (429). */
  onboardingVerifySession: Limit;
  /** Accounts created from onboardings from one IP address (429). */
  onboardingAccountIp: Limit;
  /** Shared insights pages read (and revocations) from one IP address (429). */
  insightsIp: Limit;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * The product's limits. Why these numbers:
 * - accountIp/device: 5 free failures (typos), then 30 s, 1, 2, 4, 8 and at most 15 minutes
 *   between guesses: about 100 guesses a day at one account from one address.
 * - account: 10 failures from browsers the account has never signed in on, then 1 minute
 *   doubling to 1 hour: a botnet gets ~30 guesses a day at one account, while its owner on a
 *   known browser, or after a reset link, is not subject to it at all.
 * - ip: failures only, 100 an hour before delays (1 minute doubling to 1 hour). An office or a
 *   carrier NAT puts hundreds of people behind one address, but sessions last up to 30 days, so
 *   even a large one sees a handful of sign-ins an hour with few typos; 100 failures an hour is
 *   far above that and far below what credential stuffing needs (millions of pairs). Known
 *   devices are exempt, so the people behind a blocked address keep signing in.
 * - invitations: a team rarely adds more than 25 people to a channel in a day; 50 a day from
 *   one person bounds the e-mail anyone can make the product send to strangers.
 * - onboarding: a visitor starts one onboarding, perhaps a few (20 an hour per address, 10 per
 *   browser session) and asks for a handful of codes (30 an hour per address, 15 per session;
 *   each session has at most VERIFICATION_SENDS_PER_EMAIL_PER_HOUR sent to one address and each
 *   address receives at most VERIFICATION_SENDS_PER_ADDRESS_PER_HOUR, silently); 30 validations
 *   an hour per IP address, 20 per e-mail address and 20 per session stop guessing across
 *   onboardings (each code dies after 5 tries anyway; a person needs one or two). Shared
 *   insights pages are read by whoever the link was given to: 120 a minute.
 */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  accountIp: {
    threshold: 5,
    windowSeconds: DAY,
    firstDelaySeconds: 30,
    maxDelaySeconds: 15 * MINUTE,
  },
  device: { threshold: 5, windowSeconds: DAY, firstDelaySeconds: 30, maxDelaySeconds: 15 * MINUTE },
  account: { threshold: 10, windowSeconds: DAY, firstDelaySeconds: MINUTE, maxDelaySeconds: HOUR },
  ip: { threshold: 100, windowSeconds: HOUR, firstDelaySeconds: MINUTE, maxDelaySeconds: HOUR },
  resetAccount: { max: 3, windowSeconds: HOUR },
  resetIp: { max: 20, windowSeconds: HOUR },
  invitePerson: { max: 50, windowSeconds: DAY },
  inviteChannel: { max: 25, windowSeconds: DAY },
  onboardingStartIp: { max: 20, windowSeconds: HOUR },
  onboardingStartSession: { max: 10, windowSeconds: HOUR },
  onboardingIp: { max: 600, windowSeconds: HOUR },
  onboardingSendIp: { max: 30, windowSeconds: HOUR },
  onboardingSendSession: { max: 15, windowSeconds: HOUR },
  onboardingVerifyIp: { max: 30, windowSeconds: HOUR },
  onboardingVerifyEmail: { max: 20, windowSeconds: HOUR },
  onboardingVerifySession: { max: 20, windowSeconds: HOUR },
  onboardingAccountIp: { max: 10, windowSeconds: HOUR },
  insightsIp: { max: 120, windowSeconds: MINUTE },
};

/**
 * How long a browser stays a known device of an account after its last successful sign-in,
 * refresh or reset link (the signed `tw_device` cookie; re-issued each time). Setting or
 * changing the password forgets every browser but the one that did it.
 */
export const KNOWN_DEVICE_SECONDS = 180 * DAY;

/** The delay a rule imposes after `failures` failures (0 below the threshold). */
export function backoffDelaySeconds(rule: BackoffRule, failures: number): number {
  if (failures < rule.threshold) return 0;
  const doublings = Math.min(failures - rule.threshold, 30);
  return Math.min(rule.firstDelaySeconds * 2 ** doublings, rule.maxDelaySeconds);
}

/** Limits nothing reaches: for test suites that walk every route from one address. */
export const GENEROUS_AUTH_LIMITS: AuthLimits = {
  accountIp: { threshold: 10_000, windowSeconds: 60, firstDelaySeconds: 1, maxDelaySeconds: 1 },
  device: { threshold: 10_000, windowSeconds: 60, firstDelaySeconds: 1, maxDelaySeconds: 1 },
  account: { threshold: 10_000, windowSeconds: 60, firstDelaySeconds: 1, maxDelaySeconds: 1 },
  ip: { threshold: 10_000, windowSeconds: 60, firstDelaySeconds: 1, maxDelaySeconds: 1 },
  resetAccount: { max: 10_000, windowSeconds: 60 },
  resetIp: { max: 10_000, windowSeconds: 60 },
  invitePerson: { max: 10_000, windowSeconds: 60 },
  inviteChannel: { max: 10_000, windowSeconds: 60 },
  onboardingStartIp: { max: 10_000, windowSeconds: 60 },
  onboardingStartSession: { max: 10_000, windowSeconds: 60 },
  onboardingIp: { max: 10_000, windowSeconds: 60 },
  onboardingSendIp: { max: 10_000, windowSeconds: 60 },
  onboardingSendSession: { max: 10_000, windowSeconds: 60 },
  onboardingVerifyIp: { max: 10_000, windowSeconds: 60 },
  onboardingVerifyEmail: { max: 10_000, windowSeconds: 60 },
  onboardingVerifySession: { max: 10_000, windowSeconds: 60 },
  onboardingAccountIp: { max: 10_000, windowSeconds: 60 },
  insightsIp: { max: 10_000, windowSeconds: 60 },
};
