import type { Channel, User } from '@tubewise/contract';
import type { Clock } from '../../lib/clock.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import { RateLimitService, type Limit } from '../rate-limit/rate-limit.service.ts';
import type { IssuedSession, SessionService } from '../sessions/session.service.ts';
import { presentChannel, presentUser } from './users.presenter.ts';
import type { UsersRepository } from './users.repository.ts';
import { passwordResetEmail } from './users.emails.ts';

/** How long GET /me may answer from memory (changes made through this service evict at once). */
export const USER_CACHE_SECONDS = 30;
const USER_CHANGED = 'user-changed';

/** Password-reset and set-password links stay valid this long. */
export const PASSWORD_TOKEN_TTL_SECONDS = 3600;

/** Sign-in and reset limits; each window is short so the real owner is never locked out for long. */
export interface AuthLimits {
  /** Failed sign-ins for one account from one IP address. */
  loginAccountIp: Limit;
  /** Failed sign-ins for one account from anywhere (slows distributed guessing). */
  loginAccount: Limit;
  /** Sign-in attempts from one IP address, any account. */
  loginIp: Limit;
  /** Reset requests for one account. */
  resetAccount: Limit;
  /** Reset requests from one IP address. */
  resetIp: Limit;
}

/** Default limits. */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginAccountIp: { max: 10, windowSeconds: 15 * 60 },
  loginAccount: { max: 50, windowSeconds: 60 * 60 },
  loginIp: { max: 100, windowSeconds: 15 * 60 },
  resetAccount: { max: 3, windowSeconds: 60 * 60 },
  resetIp: { max: 20, windowSeconds: 60 * 60 },
};

/** Who is asking: used for rate limits and session records. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

const TOO_MANY_LOGINS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const TOO_MANY_RESETS = 'Too many password-reset requests. Please try again later.';

/** Accounts: sign-in, passwords, e-mail, settings. Knows nothing of HTTP. */
export class UsersService {
  private readonly repo: UsersRepository;
  private readonly sessions: SessionService;
  private readonly limits: RateLimitService;
  private readonly mail: MailService;
  private readonly clock: Clock;
  private readonly bus: InvalidationBus | null;
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
    mail: MailService;
    clock: Clock;
    secret: string;
    publicUrl: string;
    productName: string;
    authLimits: AuthLimits;
    bus?: InvalidationBus | null;
  }) {
    this.bus = deps.bus ?? null;
    this.bus?.on(USER_CHANGED, (userId) => this.meCache.delete(userId));
    this.repo = deps.repo;
    this.sessions = deps.sessions;
    this.limits = deps.limits;
    this.mail = deps.mail;
    this.clock = deps.clock;
    this.options = deps;
  }

  /** Checks e-mail and password and starts a session. A wrong pair never says which part was wrong. */
  async login(
    email: string,
    password: string,
    meta: RequestMeta,
  ): Promise<{ user: User; session: IssuedSession }> {
    const { authLimits } = this.options;
    const accountIpKey = `login:acct-ip:${email}:${meta.ip}`;
    const accountKey = `login:acct:${email}`;
    RateLimitService.assertAllowed(
      await this.limits.hit(`login:ip:${meta.ip}`, authLimits.loginIp),
      TOO_MANY_LOGINS,
    );
    // Count the attempt before checking the password, atomically: with check-then-count,
    // concurrent guesses would all pass the check before any failure was counted.
    const accountIp = await this.limits.hit(accountIpKey, authLimits.loginAccountIp);
    const account = await this.limits.hit(accountKey, authLimits.loginAccount);
    if (!accountIp.allowed || !account.allowed) {
      // A refused attempt never reached the password check: it is not a failure.
      await this.limits.release(accountIpKey);
      await this.limits.release(accountKey);
      RateLimitService.assertAllowed(accountIp, TOO_MANY_LOGINS);
      RateLimitService.assertAllowed(account, TOO_MANY_LOGINS);
    }
    const user = await this.repo.findByEmail(email);
    // Verify against a dummy hash for unknown accounts so timing does not reveal which exist.
    const ok = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
    if (!user || !user.passwordHash || !ok) {
      throw new AppError('invalid-credentials', 'Invalid e-mail or password.');
    }
    // Only failures count against the account.
    await this.limits.reset(accountIpKey);
    await this.limits.release(accountKey);
    const session = await this.sessions.create(user.id, meta);
    return { user: presentUser(user), session };
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

  /** Channels the user owns and channels shared with them. */
  async myChannels(userId: string): Promise<{ myChannels: Channel[]; invitedTo: Channel[] }> {
    const { owned, shared } = await this.repo.channelsOf(userId);
    return { myChannels: owned.map(presentChannel), invitedTo: shared.map(presentChannel) };
  }

  /** Sends a reset link if the account exists; the answer is the same either way. */
  async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
    const { authLimits } = this.options;
    RateLimitService.assertAllowed(
      await this.limits.hit(`reset:ip:${meta.ip}`, authLimits.resetIp),
      TOO_MANY_RESETS,
    );
    const user = await this.repo.findByEmail(email);
    if (!user) return;
    // Per-account limit is silent: telling the caller would reveal that the account exists.
    const perAccount = await this.limits.hit(`reset:acct:${email}`, authLimits.resetAccount);
    if (!perAccount.allowed) return;
    const token = await this.createPasswordToken(user.id, 'reset');
    const link = `${this.options.publicUrl}/set-password?token=${encodeURIComponent(token)}`;
    await this.mail.send(
      passwordResetEmail({ to: user.email, link, productName: this.options.productName }),
    );
  }

  /** Issues a single-use set-password token (also used for invitations later). */
  async createPasswordToken(userId: string, purpose: 'reset' | 'set'): Promise<string> {
    const token = newToken();
    await this.repo.insertPasswordToken({
      tokenHash: hashToken(this.options.secret, token),
      userId,
      purpose,
      expiresAt: new Date(this.clock.now().getTime() + PASSWORD_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }

  /** Sets a new password with a single-use token and signs out every session of the account. */
  async setPassword(token: string, password: string): Promise<void> {
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
    await this.updateUser(userId, { passwordHash: await hashPassword(password) });
    // Links mailed before this one must not set the password again.
    await this.repo.voidPasswordTokens(userId, this.clock.now());
    await this.sessions.revokeAllForUser(userId, 'password-set');
  }

  /** Changes the password after checking the current one; other sessions are signed out. */
  async updatePassword(
    userId: string,
    familyId: string,
    current: string,
    next: string,
  ): Promise<void> {
    const user = await this.requireUser(userId);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) {
      throw new AppError('wrong-password', 'The current password is not correct.');
    }
    assertAcceptablePassword(next);
    await this.updateUser(userId, { passwordHash: await hashPassword(next) });
    await this.repo.voidPasswordTokens(userId, this.clock.now());
    await this.sessions.revokeAllForUser(userId, 'password-changed', familyId);
  }

  /** Changes the e-mail after checking the password; 'conflict' when the address is taken. */
  async setEmail(userId: string, email: string, password: string): Promise<User> {
    const user = await this.requireUser(userId);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('wrong-password', 'The current password is not correct.');
    }
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

  /** Turns e-mail notifications on or off. */
  async setEmailNotifications(userId: string, enabled: boolean): Promise<User> {
    const row = await this.updateUser(userId, { emailNotifications: enabled });
    if (!row) throw new AppError('unauthorized', 'Please sign in.');
    return presentUser(row);
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
    });
    return { id: row.id, created: true };
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
