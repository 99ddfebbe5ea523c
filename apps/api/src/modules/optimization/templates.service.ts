import { and, count, desc, eq } from 'drizzle-orm';
import type { Template } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { descriptionTemplates } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/** Most templates a channel keeps. */
export const TEMPLATES_PER_CHANNEL = 100;

type Row = typeof descriptionTemplates.$inferSelect;
const present = (t: Row): Template => ({
  id: t.id,
  title: t.title,
  content: t.content,
  updatedAt: t.updatedAt.toISOString(),
});

/** Description templates shared by everyone working on a channel. */
export class TemplatesService {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(deps: { db: Db; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  /** The channel's templates, most recently changed first. */
  async list(channelId: string): Promise<Template[]> {
    const rows = await this.db
      .select()
      .from(descriptionTemplates)
      .where(eq(descriptionTemplates.channelId, channelId))
      .orderBy(desc(descriptionTemplates.updatedAt), desc(descriptionTemplates.id));
    return rows.map(present);
  }

  /** Creates a template. */
  async create(
    channelId: string,
    userId: string,
    input: { title: string; content: string },
  ): Promise<Template> {
    const [{ n }] = (await this.db
      .select({ n: count() })
      .from(descriptionTemplates)
      .where(eq(descriptionTemplates.channelId, channelId))) as [{ n: number }];
    if (n >= TEMPLATES_PER_CHANNEL)
      throw new AppError(
        'conflict',
        `A channel can keep ${TEMPLATES_PER_CHANNEL} templates. Delete one to add another.`,
      );
    const now = this.clock.now();
    const [row] = await this.db
      .insert(descriptionTemplates)
      .values({ channelId, createdBy: userId, ...input, createdAt: now, updatedAt: now })
      .returning();
    return present(row!);
  }

  /** Replaces a template's title and content. */
  async update(
    channelId: string,
    templateId: string,
    input: { title: string; content: string },
  ): Promise<Template> {
    if (!isUuid(templateId)) throw notFound();
    const [row] = await this.db
      .update(descriptionTemplates)
      .set({ ...input, updatedAt: this.clock.now() })
      .where(
        and(eq(descriptionTemplates.id, templateId), eq(descriptionTemplates.channelId, channelId)),
      )
      .returning();
    if (!row) throw notFound();
    return present(row);
  }

  /** Deletes a template. */
  async delete(channelId: string, templateId: string): Promise<void> {
    if (!isUuid(templateId)) throw notFound();
    const rows = await this.db
      .delete(descriptionTemplates)
      .where(
        and(eq(descriptionTemplates.id, templateId), eq(descriptionTemplates.channelId, channelId)),
      )
      .returning({ id: descriptionTemplates.id });
    if (!rows.length) throw notFound();
  }
}

const notFound = () => new AppError('not-found', 'This template does not exist any more.');
