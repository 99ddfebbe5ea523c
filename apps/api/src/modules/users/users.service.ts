import type { Channel, User } from '@tubewise/contract';
import { DEFAULT_AI_PERMISSION, NO_AI_PERMISSION } from '@tubewise/contract/constants';
import { DEFAULT_TRIAL_DAYS } from '@tubewise/contract/billing-constants';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailService } from '../mail/index.ts';
import {
  type AuthLimits,
  type AuthThrottle,
  type ThrottleKey,
  RateLimitService,
} from '../rate-limit/index.ts';
import {
  KnownDevices,
  type KnownDevice,
  type IssuedSession,
  type SessionService,
} from '../sessions/index.ts';
import { presentChannel, presentUser } from './users.presenter.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';
import { passwordResetEmail } from './users.emails.ts';

export { DEFAULT_AUTH_LIMITS, type AuthLimits } from '../rate-limit/index.ts';

/** How long GET /me may answer from memory (changes made through this service evict at once). */
export const USER_CACHE_SECONDS = 30;
const USER_CHANGED = 'user-changed';

/** Password-reset and set-password links stay valid this long. */
export const PASSWORD_TOKEN_TTL_SECONDS = 3600;

/** Who is asking: used for rate limits and session records. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The browser's known-device tokens (opaque; see KnownDevices), if it sent any. */
  knownDevices?: string;
}

/** Queues the background part of a password-reset request (the job system implements it). */
export type ScheduleReset = (email: string) => Promise<void>;

const TOO_MANY_LOGINS =
  'Too many failed sign-in attempts. Please wait a little and try again, or reset your password.';
const TOO_MANY_PASSWORD_CHECKS =
  'Too many wrong passwords. Please wait a little and try again, or reset your password.';
const TOO_MANY_RESETS = 'Too many password-reset requests. Please try again later.';

/** Accounts: sign-in, passwords, e-mail, settings. Knows nothing of HTTP. */
export class UsersService {
  private readonly trialDays: number;
  private readonly repo: UsersRepository;
  private readonly sessions: SessionService;
  private readonly limits: RateLimitService;
  private readonly throttle: AuthThrottle;
  private readonly devices: KnownDevices;
  private readonly mail: MailService;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly bus: InvalidationBus | null;
  private scheduleReset: ScheduleReset | null = null;
  /** Reset requests handled in this process (no job system): awaited by settled(). */
  private readonly background = new Set<Promise<void>>();
  /** Presented users by id, so GET /me costs no database round trip most of the time. */
  private readonly meCache = new TtlCache<User>(10_000);
  private readonly options: {
    secret: string;
    publicUrl: string;
    productName: string;
    authLimits: AuthLimits;
  };

  constructor(deps: {
    repo: UsersRepository;
    sessions: SessionService;
    limits: RateLimitService;
    throttle: AuthThrottle;
    mail: MailService;
    clock: Clock;
    log: Logger;
    secret: string;
    publicUrl: string;
    productName: string;
    authLimits: AuthLimits;
    bus?: InvalidationBus | null;
    /** Days of free trial a new account gets (TRIAL_DAYS). */
    trialDays?: number;
  }) {
    this.trialDays = deps.trialDays ?? DEFAULT_TRIAL_DAYS;
    this.bus = deps.bus ?? null;
    this.bus?.on(USER_CHANGED, (userId) => this.meCache.delete(userId));
    this.repo = deps.repo;
    this.sessions = deps.sessions;
    this.limits = deps.limits;
    this.throttle = deps.throttle;
    this.devices = new KnownDevices(deps.secret, deps.clock);
    this.mail = deps.mail;
    this.clock = deps.clock;
    this.log = deps.log;
    this.options = deps;
  }

  /** Connects the job that does the work of a password-reset request. */
  setResetScheduler(schedule: ScheduleReset): void {
    this.scheduleReset = schedule;
  }

  /**
   * Checks e-mail and password and starts a session. A wrong pair never says which part was
   * wrong. On a known device of the account only that device's failures count; elsewhere the
   * failures per account and IP, per account and per IP do (see AuthLimits). Also answers the
   * browser's new known-device tokens.
   */
  async login(
    email: string,
    password: string,
    meta: RequestMeta,
  ): Promise<{ user: User; session: IssuedSession; knownDevices: string }> {
    // Looked up first for every address alike: which limits apply depends on the device.
    const user = await this.repo.findByEmail(email);
    const device = user ? this.devices.recognise(meta.knownDevices, user) : null;
    const { authLimits } = this.options;
    const keys: ThrottleKey[] = device
      ? [this.deviceKey(email, device)]
      : [
          ...this.guessKeys(email, meta.ip),
          { key: `signin:ip:${meta.ip}`, rule: authLimits.ip, account: null, onSuccess: 'release' },
        ];
    const attempt = await this.throttle.begin(keys, TOO_MANY_LOGINS);
    // Verify against a dummy hash for unknown accounts so timing does not reveal which exist.
    const ok = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
    if (!user || !user.passwordHash || !ok) {
      throw new AppError('invalid-credentials', 'Invalid e-mail or password.');
    }
    await attempt.succeeded();
    const session = await this.sessions.create(user.id, meta);
    return {
      user: presentUser(user),
      session,
      knownDevices: this.devices.remember(meta.knownDevices, user, session.familyId),
    };
  }

  /**
   * The browser's known-device tokens with one for `userId` added, or null when it already is a
   * known device of the account (a refresh of session family `familyId` proves it belongs there).
   */
  async rememberDevice(
    userId: string,
    familyId: string,
    knownDevices: string | undefined,
  ): Promise<string | null> {
    const user = await this.repo.findById(userId);
    if (!user || this.devices.recognise(knownDevices, user)) return null;
    return this.devices.remember(knownDevices, user, familyId);
  }

  /** When a known-device cookie written now expires. */
  knownDeviceExpiry(): Date {
    return this.devices.expiresAt();
  }

  /** Counters of password guesses at an account from an address that is not a known device. */
  private guessKeys(email: string, ip: string): ThrottleKey[] {
    const { authLimits } = this.options;
    return [
      {
        key: `signin:acct-ip:${email}:${ip}`,
        rule: authLimits.accountIp,
        account: email,
        onSuccess: 'reset',
      },
      {
        key: `signin:acct:${email}`,
        rule: authLimits.account,
        account: email,
        onSuccess: 'release',
      },
    ];
  }

  /** The counter of password guesses at an account from one of its known devices. */
  private deviceKey(email: string, device: KnownDevice): ThrottleKey {
    return {
      key: `signin:device:${device.deviceId}`,
      rule: this.options.authLimits.device,
      account: email,
      onSuccess: 'reset',
    };
  }

  /**
   * Checks a signed-in person's current password (update-password, set-email) under the same
   * limits as sign-in guesses at the account, so a stolen session cannot guess it quickly. As at
   * sign-in, a known device of the account answers only to its own counter: strangers guessing
   * at the account must not keep the owner from changing the password or the e-mail.
   */
  private async checkCurrentPassword(
    user: UserRow,
    password: string,
    meta: RequestMeta,
  ): Promise<void> {
    const device = this.devices.recognise(meta.knownDevices, user);
    const keys = device
      ? [this.deviceKey(user.email, device)]
      : this.guessKeys(user.email, meta.ip);
    const attempt = await this.throttle.begin(keys, TOO_MANY_PASSWORD_CHECKS);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('wrong-password', 'The current password is not correct.');
    }
    await attempt.succeeded();
  }

  /**
   * Checks a signed-in person's current password before an irreversible step (account
   * deletion), under the same limits as update-password and set-email; 'wrong-password' when it
   * is not theirs. Returns who they are (e-mail and name).
   */
  async confirmPassword(
    userId: string,
    password: string,
    meta: RequestMeta,
  ): Promise<{ id: string; email: string; name: string }> {
    const user = await this.requireUser(userId);
    await this.checkCurrentPassword(user, password, meta);
    return { id: user.id, email: user.email, name: user.name };
  }

  /** Makes every process forget its cached copy of a user (after the account was deleted). */
  async forget(userId: string): Promise<void> {
    this.meCache.delete(userId);
    await this.bus?.publish(USER_CHANGED, userId);
  }

  /** The user behind a session. */
  async me(userId: string): Promise<User> {
    const now = this.clock.now().getTime();
    const cached = this.meCache.get(userId, now);
    if (cached) return cached;
    const user = presentUser(await this.requireUser(userId));
    this.meCache.set(userId, user, now + USER_CACHE_SECONDS * 1000);
    return user;
  }

  /** Writes a user row and makes every process forget its cached copy. */
  private async updateUser(userId: string, values: Parameters<UsersRepository['update']>[1]) {
    const row = await this.repo.update(userId, values);
    this.meCache.delete(userId);
    await this.bus?.publish(USER_CHANGED, userId);
    return row;
  }

  /**
   * Channels the user owns and channels shared with them. Seeing them counts as having joined
   * the channels shared since the last time (the owner then sees the person's name).
   */
  async myChannels(userId: string): Promise<{ myChannels: Channel[]; invitedTo: Channel[] }> {
    const { owned, shared, pending } = await this.repo.channelsOf(userId);
    if (pending) await this.repo.markJoined(userId, this.clock.now());
    return { myChannels: owned.map(presentChannel), invitedTo: shared.map(presentChannel) };
  }

  /**
   * Accepts a reset request. The answer must not tell whether the address has an account, not
   * even by its timing: the request only counts the IP address and queues the address (a job,
   * kept in the database, so an acknowledged request survives a crash); sendPasswordReset does
   * the rest afterwards. Without a job system (tests) it runs in this process after answering.
   */
  async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
    const { authLimits } = this.options;
    RateLimitService.assertAllowed(
      await this.limits.hit(`reset:ip:${meta.ip}`, authLimits.resetIp),
      TOO_MANY_RESETS,
    );
    if (this.scheduleReset) {
      await this.scheduleReset(email);
      return;
    }
    const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.sendPasswordReset(email))
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'Password-reset e-mail failed');
      })
      .finally(() => this.background.delete(work));
    this.background.add(work);
  }

  /** Resolves once the reset requests handled in this process are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /** Mails a reset link if the account exists: the background half of a reset request. */
  async sendPasswordReset(email: string): Promise<void> {
    const { authLimits } = this.options;
    // Per address, known or not: at most a few e-mails an hour to anyone's inbox.
    const perAccount = await this.limits.hit(`reset:acct:${email}`, authLimits.resetAccount);
    if (!perAccount.allowed) return;
    const user = await this.repo.findByEmail(email);
    if (!user) return;
    const token = await this.createPasswordToken(user.id, 'reset');
    const link = `${this.options.publicUrl}/set-password?token=${encodeURIComponent(token)}`;
    await this.mail.send(
      passwordResetEmail({ to: user.email, link, productName: this.options.productName }),
    );
  }

  /**
   * Issues a single-use set-password token; one mailed with a channel invitation names the
   * channel, so removing the invitation (or the channel) voids it.
   */
  async createPasswordToken(
    userId: string,
    purpose: 'reset' | 'set',
    invitation?: { channelId: string },
  ): Promise<string> {
    const token = newToken();
    await this.repo.insertPasswordToken({
      tokenHash: hashToken(this.options.secret, token),
      userId,
      purpose,
      channelId: invitation?.channelId ?? null,
      expiresAt: new Date(this.clock.now().getTime() + PASSWORD_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }

  /**
   * Sets a new password with a single-use token and signs out every session of the account.
   * Using the link proves control of the address: the account's failure counters are cleared
   * and this browser becomes a known device of it (the answer is its new known-device tokens);
   * every browser known before is forgotten (device tokens are bound to the password).
   */
  async setPassword(
    token: string,
    password: string,
    meta: Pick<RequestMeta, 'knownDevices'> = {},
  ): Promise<{ knownDevices: string }> {
    assertAcceptablePassword(password);
    const userId = await this.repo.consumePasswordToken(
      hashToken(this.options.secret, token),
      this.clock.now(),
    );
    if (!userId) {
      throw new AppError(
        'invalid-token',
        'This link is invalid or has expired. Please request a new one.',
      );
    }
    const passwordHash = await hashPassword(password);
    const before = await this.repo.findById(userId);
    // A first password (an invited person's account, made at the invitation) starts the trial
    // now: the days before the person ever signed in are not theirs to lose.
    const firstPassword = before !== undefined && !before.passwordHash;
    const row = await this.updateUser(userId, {
      passwordHash,
      ...(firstPassword ? { trialEndsAt: this.trialEndForNewAccount() } : {}),
    });
    // Links mailed before this one must not set the password again.
    await this.repo.voidPasswordTokens(userId, this.clock.now());
    await this.sessions.revokeAllForUser(userId, 'password-set');
    if (row) await this.throttle.clearAccount(row.email);
    return { knownDevices: this.devices.remember(meta.knownDevices, { id: userId, passwordHash }) };
  }

  /**
   * Changes the password after checking the current one (rate-limited like sign-in); every
   * other session is refused by every process before this returns. Every other browser known
   * before is forgotten; the answer is this browser's new known-device tokens.
   */
  async updatePassword(
    userId: string,
    familyId: string,
    current: string,
    next: string,
    meta: RequestMeta,
  ): Promise<{ knownDevices: string }> {
    const user = await this.requireUser(userId);
    await this.checkCurrentPassword(user, current, meta);
    assertAcceptablePassword(next);
    const passwordHash = await hashPassword(next);
    await this.updateUser(userId, { passwordHash });
    await this.repo.voidPasswordTokens(userId, this.clock.now());
    await this.sessions.revokeAllForUser(userId, 'password-changed', familyId);
    return {
      knownDevices: this.devices.remember(
        meta.knownDevices,
        { id: userId, passwordHash },
        familyId,
      ),
    };
  }

  /**
   * Changes the e-mail after checking the password (rate-limited like sign-in); 'conflict' when
   * the address is taken.
   */
  async setEmail(
    userId: string,
    email: string,
    password: string,
    meta: RequestMeta,
  ): Promise<User> {
    const user = await this.requireUser(userId);
    await this.checkCurrentPassword(user, password, meta);
    if (email === user.email) return presentUser(user);
    const taken = await this.repo.findByEmail(email);
    if (taken) throw new AppError('conflict', 'This e-mail address is already in use.');
    try {
      return presentUser((await this.updateUser(userId, { email }))!);
    } catch (error) {
      // Two requests may race for the same address; the unique index decides.
      if (isUniqueViolation(error))
        throw new AppError('conflict', 'This e-mail address is already in use.');
      throw error;
    }
  }

  /** Changes the person's name (shown to the people they work with; trimmed by the contract). */
  async setName(userId: string, name: string): Promise<User> {
    const row = await this.updateUser(userId, { name });
    if (!row) throw new AppError('unauthorized', 'Please sign in.');
    return presentUser(row);
  }

  /** Turns e-mail notifications on or off. */
  async setEmailNotifications(userId: string, enabled: boolean): Promise<User> {
    const row = await this.updateUser(userId, { emailNotifications: enabled });
    if (!row) throw new AppError('unauthorized', 'Please sign in.');
    return presentUser(row);
  }

  /**
   * Allows or refuses sending the person's channel data to the AI model: the default permission
   * flag, or NO_AI_PERMISSION. Generations already queued read it again before sending anything.
   */
  async setAiPermission(userId: string, allowed: boolean): Promise<User> {
    const row = await this.updateUser(userId, {
      aiPermission: allowed ? DEFAULT_AI_PERMISSION : NO_AI_PERMISSION,
    });
    if (!row) throw new AppError('unauthorized', 'Please sign in.');
    return presentUser(row);
  }

  /** When the trial of an account created now ends. */
  trialEndForNewAccount(): Date {
    return new Date(this.clock.now().getTime() + this.trialDays * 86_400_000);
  }

  /** Creates the account if missing (demo seeding); never overwrites an existing password. */
  async ensureUser(values: {
    email: string;
    password: string;
    name: string;
    flags?: string;
    isV2Enterprise?: boolean;
  }): Promise<{ id: string; created: boolean }> {
    const existing = await this.repo.findByEmail(values.email.toLowerCase());
    if (existing) return { id: existing.id, created: false };
    const row = await this.repo.create({
      email: values.email.toLowerCase(),
      name: values.name,
      passwordHash: await hashPassword(values.password),
      flags: values.flags ?? '',
      isV2Enterprise: values.isV2Enterprise ?? false,
      trialEndsAt: this.trialEndForNewAccount(),
    });
    return { id: row.id, created: true };
  }

  /** Deletes failure counters that have run out (run daily by a job). */
  async purgeExpired(): Promise<void> {
    await this.throttle.purgeExpired();
    await this.limits.purgeExpired();
  }

  private async requireUser(userId: string) {
    const user = await this.repo.findById(userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in.');
    return user;
  }
}

/** Refuses passwords that are too common to be safe (length is checked by the contract). */
export function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(
      'weak-password',
      'This password is too common and easy to guess. Please choose a different one.',
    );
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
