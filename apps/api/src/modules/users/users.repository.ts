import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelMembers, channels, passwordTokens, users } from '../../db/schema/index.ts';

/** A user row. */
export type UserRow = typeof users.$inferSelect;
/** A channel row. */
export type ChannelRow = typeof channels.$inferSelect;

/** Queries on users, their password tokens and their channel memberships. */
export class UsersRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The user with this id. */
  findById(id: string): Promise<UserRow | undefined> {
    return this.db.query.users.findFirst({ where: eq(users.id, id) });
  }

  /** The user with this (lower-cased) e-mail. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.query.users.findFirst({ where: eq(users.email, email) });
  }

  /** Creates a user. */
  async create(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  /** Updates a user and returns the new row. */
  async update(
    id: string,
    values: Partial<typeof users.$inferInsert>,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Stores a password token hash. */
  async insertPasswordToken(values: typeof passwordTokens.$inferInsert): Promise<void> {
    await this.db.insert(passwordTokens).values(values);
  }

  /** Marks every unused password token of a user as used (the password just changed). */
  async voidPasswordTokens(userId: string, now: Date): Promise<void> {
    await this.db
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
  }

  /** Marks a still-valid token as used and returns its user id; null if invalid, used or expired. */
  async consumePasswordToken(tokenHash: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordTokens.tokenHash, tokenHash),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordTokens.userId });
    return row?.userId ?? null;
  }

  /**
   * Channels the user owns and channels shared with them, in connection order; `pending` when
   * one was shared since they last looked (not joined yet).
   */
  async channelsOf(
    userId: string,
  ): Promise<{ owned: ChannelRow[]; shared: ChannelRow[]; pending: boolean }> {
    const rows = await this.db
      .select({ channel: channels, role: channelMembers.role, joinedAt: channelMembers.joinedAt })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .where(eq(channelMembers.userId, userId))
      .orderBy(asc(channelMembers.createdAt), asc(channels.name));
    return {
      owned: rows.filter((r) => r.role === 'owner').map((r) => r.channel),
      shared: rows.filter((r) => r.role === 'member').map((r) => r.channel),
      pending: rows.some((r) => r.joinedAt === null),
    };
  }

  /** Marks every channel shared with the user as joined. */
  async markJoined(userId: string, now: Date): Promise<void> {
    await this.db
      .update(channelMembers)
      .set({ joinedAt: now })
      .where(and(eq(channelMembers.userId, userId), isNull(channelMembers.joinedAt)));
  }
}
