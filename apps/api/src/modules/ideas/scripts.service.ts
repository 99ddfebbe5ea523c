import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { VideoScript } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { videoScriptVersions, videoScripts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { displayName } from '../users/index.ts';
import type { SavedIdeasService } from './saved-ideas.service.ts';
import { sanitizeScript } from './script-html.ts';

type ScriptRow = typeof videoScripts.$inferSelect;

/**
 * One script per saved idea, shared by the channel's people. Every save names the revision it
 * started from; a save based on another revision is refused with `script-conflict` and the
 * current script in `details.script`, so nobody's text is silently overwritten: the refused
 * text stays in its author's editor and the other version is in the answer.
 */
export class ScriptsService {
  private readonly db: Db;
  private readonly ideas: SavedIdeasService;
  private readonly clock: Clock;
  constructor(deps: { db: Db; ideas: SavedIdeasService; clock: Clock }) {
    this.db = deps.db;
    this.ideas = deps.ideas;
    this.clock = deps.clock;
  }

  /** The script of a saved idea: empty at revision 0 before the first save. */
  async get(userId: string, ideaId: string): Promise<VideoScript> {
    const idea = await this.ideas.requireIdea(userId, ideaId);
    return this.current(idea.id);
  }

  /** Saves the whole script if `baseRevision` is the current revision; the new one is +1. */
  async save(
    userId: string,
    ideaId: string,
    input: { content: string; baseRevision: number },
  ): Promise<VideoScript> {
    const idea = await this.ideas.requireIdea(userId, ideaId);
    const values = {
      content: sanitizeScript(input.content),
      updatedBy: userId,
      updatedByName: await displayName(this.db, userId),
      updatedAt: this.clock.now(),
    };
    let row: typeof videoScripts.$inferSelect | undefined;
    try {
      // One conditional statement each way, so two saves racing on a revision cannot both win;
      // an update first keeps the version it replaces (same transaction).
      row =
        input.baseRevision === 0
          ? (
              await this.db
                .insert(videoScripts)
                .values({ savedIdeaId: idea.id, revision: 1, ...values })
                .onConflictDoNothing()
                .returning()
            )[0]
          : await this.db.transaction(async (tx) => {
              await keepReplacedVersion(tx, idea.id, input.baseRevision);
              const [updated] = await tx
                .update(videoScripts)
                .set({ ...values, revision: input.baseRevision + 1 })
                .where(
                  and(
                    eq(videoScripts.savedIdeaId, idea.id),
                    eq(videoScripts.revision, input.baseRevision),
                  ),
                )
                .returning();
              return updated;
            });
    } catch (error) {
      // The idea was deleted between the check and the write.
      if (foreignKeyViolation(error)) throw new AppError('not-found', 'Saved idea not found.');
      throw error;
    }
    if (row) return present(row);
    const current = await this.current(idea.id);
    const who = current.updatedByName ?? 'Someone';
    throw new AppError(
      'script-conflict',
      current.revision > 0
        ? `${who} saved this script at ${current.updatedAt} after you opened it. Both versions are kept: review theirs before saving yours.`
        : 'This script changed after you opened it. Both versions are kept: review before saving yours.',
      { details: { script: current } },
    );
  }

  /** Earlier versions of a saved idea's script (each replaced by a save), newest first. */
  async versions(userId: string, ideaId: string): Promise<VideoScript[]> {
    const idea = await this.ideas.requireIdea(userId, ideaId);
    const rows = await this.db
      .select()
      .from(videoScriptVersions)
      .where(eq(videoScriptVersions.savedIdeaId, idea.id))
      .orderBy(desc(videoScriptVersions.revision));
    return rows.map((r) => ({
      ideaId: r.savedIdeaId,
      content: r.content,
      revision: r.revision,
      updatedAt: r.updatedAt.toISOString(),
      updatedByName: r.updatedByName,
    }));
  }

  private async current(ideaId: string): Promise<VideoScript> {
    const row = await this.db.query.videoScripts.findFirst({
      where: eq(videoScripts.savedIdeaId, ideaId),
    });
    if (!row) return { ideaId, content: '', revision: 0, updatedAt: null, updatedByName: null };
    return present(row);
  }
}

function present(row: ScriptRow): VideoScript {
  return {
    ideaId: row.savedIdeaId,
    content: row.content,
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
  };
}

/** Versions of a script kept after being replaced. */
export const SCRIPT_VERSIONS_KEPT = 50;

/**
 * Copies the version a save is about to replace into the history (inside the save's
 * transaction, before its UPDATE; a racing save on the same revision copies nothing twice) and
 * keeps only the last SCRIPT_VERSIONS_KEPT.
 */
async function keepReplacedVersion(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  savedIdeaId: string,
  revision: number,
): Promise<void> {
  await tx.execute(sql`
    insert into ${videoScriptVersions} (saved_idea_id, revision, content, updated_by_name, updated_at)
    select saved_idea_id, revision, content, updated_by_name, updated_at from ${videoScripts}
    where saved_idea_id = ${savedIdeaId} and revision = ${revision}
    on conflict do nothing`);
  await tx
    .delete(videoScriptVersions)
    .where(
      and(
        eq(videoScriptVersions.savedIdeaId, savedIdeaId),
        lt(videoScriptVersions.revision, revision - SCRIPT_VERSIONS_KEPT + 1),
      ),
    );
}

function foreignKeyViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } } | null)?.code ??
    (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23503';
}
