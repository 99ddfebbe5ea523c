import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_FOLDER_NAME,
  DEFAULT_LANGUAGE_ID,
  type IdeaFolder,
  type SavedIdea,
} from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { channelSettings, ideaFolders, savedIdeas, videoScripts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ChannelsService } from '../channels/index.ts';
import { normalizeKeyword, marketOf } from '../keywords/index.ts';
import { displayName } from '../users/index.ts';

type FolderRow = typeof ideaFolders.$inferSelect;
/** A saved idea as stored. */
export type SavedIdeaRow = typeof savedIdeas.$inferSelect;

/** The figures stored with a saved idea when it is saved. */
export interface SavedIdeaFigures {
  volume: number | null;
  competition: number | null;
  opportunity: number;
  reason: string;
}

/** Computes the figures of a phrase in a keyword language (the keyword or ideas module). */
export type IdeaFiguresLookup = (phrase: string, languageId: string) => Promise<SavedIdeaFigures>;

/** What saving an idea takes (the contract's body, already validated). */
export interface SaveIdeaInput {
  channelId: string;
  folderId?: string;
  phrase: string;
  language?: string;
}

/** The stable key of an idea in a channel: `${languageId}:${normalised phrase}` (the idea id). */
export function ideaKey(languageId: string, phrase: string): string {
  return `${languageId.toLowerCase()}:${normalizeKeyword(phrase)}`;
}

/**
 * Folders and saved ideas of a channel, shared by everyone working on it. Every channel has
 * exactly one default folder ('Your saved ideas'), created on first use; it cannot be renamed
 * or deleted, and a deleted folder's ideas move into it. Knows nothing of HTTP.
 */
export class SavedIdeasService {
  private readonly db: Db;
  private readonly channels: ChannelsService;
  private readonly clock: Clock;
  private readonly figures: IdeaFiguresLookup;
  constructor(deps: {
    db: Db;
    channels: ChannelsService;
    clock: Clock;
    /** Figures for a newly saved idea. */
    figures: IdeaFiguresLookup;
  }) {
    this.db = deps.db;
    this.channels = deps.channels;
    this.clock = deps.clock;
    this.figures = deps.figures;
  }

  /** The channel's folders, the default one first, then oldest first, with their idea counts. */
  async folders(userId: string, channelId: string): Promise<IdeaFolder[]> {
    await this.channels.requireAccess(userId, channelId);
    await this.defaultFolder(channelId);
    const rows = await this.db
      .select({ folder: ideaFolders, ideaCount: count(savedIdeas.id) })
      .from(ideaFolders)
      .leftJoin(savedIdeas, eq(savedIdeas.folderId, ideaFolders.id))
      .where(eq(ideaFolders.channelId, channelId))
      .groupBy(ideaFolders.id)
      .orderBy(desc(ideaFolders.isDefault), asc(ideaFolders.createdAt), asc(ideaFolders.id));
    return rows.map((r) => presentFolder(r.folder, r.ideaCount));
  }

  /** Creates a folder in a channel. */
  async createFolder(userId: string, channelId: string, name: string): Promise<IdeaFolder> {
    await this.channels.requireAccess(userId, channelId);
    await this.defaultFolder(channelId);
    const [{ n }] = (await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ideaFolders)
      .where(eq(ideaFolders.channelId, channelId))) as [{ n: number }];
    if (n >= FOLDERS_PER_CHANNEL)
      throw new AppError(
        'bad-request',
        `A channel has at most ${FOLDERS_PER_CHANNEL} folders: delete one to make another.`,
      );
    const [row] = await uniqueName(name, () =>
      this.db
        .insert(ideaFolders)
        .values({ channelId, name: name.trim(), createdAt: this.clock.now() })
        .returning(),
    );
    return presentFolder(row!, 0);
  }

  /** Renames a folder; the default folder keeps its name ('forbidden'). */
  async renameFolder(userId: string, folderId: string, name: string): Promise<IdeaFolder> {
    const folder = await this.requireFolder(userId, folderId);
    if (folder.isDefault)
      throw new AppError('forbidden', `The folder '${DEFAULT_FOLDER_NAME}' cannot be renamed.`);
    const [row] = await uniqueName(name, () =>
      this.db
        .update(ideaFolders)
        .set({ name: name.trim() })
        .where(eq(ideaFolders.id, folder.id))
        .returning(),
    );
    if (!row) throw folderNotFound();
    return presentFolder(row, await this.countIn(row.id));
  }

  /** Deletes a folder (not the default one); its ideas move to the default folder first. */
  async deleteFolder(userId: string, folderId: string): Promise<void> {
    const folder = await this.requireFolder(userId, folderId);
    if (folder.isDefault)
      throw new AppError('forbidden', `The folder '${DEFAULT_FOLDER_NAME}' cannot be deleted.`);
    const target = await this.defaultFolder(folder.channelId);
    await this.db.transaction(async (tx) => {
      // Lock the folder so an idea saved into it meanwhile waits and then sees it gone.
      await tx.execute(sql`select id from ${ideaFolders} where id = ${folder.id} for update`);
      await tx
        .update(savedIdeas)
        .set({ folderId: target.id })
        .where(eq(savedIdeas.folderId, folder.id));
      await tx.delete(ideaFolders).where(eq(ideaFolders.id, folder.id));
    });
  }

  /** The channel's saved ideas, newest first, of one folder when given. */
  async list(userId: string, channelId: string, folderId?: string): Promise<SavedIdea[]> {
    await this.channels.requireAccess(userId, channelId);
    if (folderId !== undefined) await this.requireFolderOf(channelId, folderId);
    const rows = await this.db
      .select({ idea: savedIdeas, scriptUpdatedAt: videoScripts.updatedAt })
      .from(savedIdeas)
      .leftJoin(videoScripts, eq(videoScripts.savedIdeaId, savedIdeas.id))
      .where(
        and(
          eq(savedIdeas.channelId, channelId),
          folderId !== undefined ? eq(savedIdeas.folderId, folderId) : undefined,
        ),
      )
      .orderBy(desc(savedIdeas.savedAt), desc(savedIdeas.id));
    return rows.map((r) => presentSavedIdea(r.idea, r.scriptUpdatedAt));
  }

  /**
   * Saves an idea into a folder (the default one unless given). An idea the channel already
   * saved (same language and normalised phrase) is returned as it is, or moved when another
   * folder was named.
   */
  async save(userId: string, input: SaveIdeaInput): Promise<SavedIdea> {
    const { channelId } = input;
    await this.channels.requireAccess(userId, channelId);
    const languageId = (input.language ?? (await this.channelLanguage(channelId))).toLowerCase();
    marketOf(languageId); // 'validation-failed' for an unknown language
    const phrase = input.phrase.trim().replace(/\s+/g, ' ');
    const phraseKey = normalizeKeyword(phrase);
    if (!phraseKey) throw new AppError('bad-request', 'This idea has no words to save.');
    const folder =
      input.folderId !== undefined
        ? await this.requireFolderOf(channelId, input.folderId)
        : await this.defaultFolder(channelId);

    const existing = await this.findByKey(channelId, languageId, phraseKey);
    if (existing) return this.keepOrMove(existing, input.folderId !== undefined ? folder : null);

    const figures = await this.figures(phraseKey, languageId);
    let inserted: SavedIdeaRow | undefined;
    try {
      [inserted] = await this.db
        .insert(savedIdeas)
        .values({
          channelId,
          folderId: folder.id,
          phrase,
          phraseKey,
          languageId,
          volume: figures.volume,
          competition: figures.competition,
          opportunity: Math.max(0, Math.min(100, Math.round(figures.opportunity))),
          reason: figures.reason,
          savedBy: userId,
          savedByName: await displayName(this.db, userId),
          savedAt: this.clock.now(),
        })
        .onConflictDoNothing({
          target: [savedIdeas.channelId, savedIdeas.languageId, savedIdeas.phraseKey],
        })
        .returning();
    } catch (error) {
      // The folder was deleted while this idea was being saved.
      if (pgCode(error) === '23503') throw folderNotFound();
      throw error;
    }
    if (inserted) return presentSavedIdea(inserted, null);
    // Someone saved the same idea at the same moment: theirs is the one.
    const raced = await this.findByKey(channelId, languageId, phraseKey);
    if (!raced) throw new AppError('conflict', 'This idea was saved and removed meanwhile.');
    return this.keepOrMove(raced, input.folderId !== undefined ? folder : null);
  }

  /** Moves a saved idea to another folder of its channel. */
  async move(userId: string, ideaId: string, folderId: string): Promise<SavedIdea> {
    const idea = await this.requireIdea(userId, ideaId);
    const folder = await this.requireFolderOf(idea.channelId, folderId);
    return this.keepOrMove(idea, folder);
  }

  /** Deletes a saved idea and its script. */
  async delete(userId: string, ideaId: string): Promise<void> {
    const idea = await this.requireIdea(userId, ideaId);
    await this.db.delete(savedIdeas).where(eq(savedIdeas.id, idea.id));
  }

  /** A saved idea the user may work on (its channel is theirs or shared with them); 404 otherwise. */
  async requireIdea(userId: string, ideaId: string): Promise<SavedIdeaRow> {
    if (!isUuid(ideaId)) throw ideaNotFound();
    const row = await this.db.query.savedIdeas.findFirst({ where: eq(savedIdeas.id, ideaId) });
    if (!row) throw ideaNotFound();
    try {
      await this.channels.requireAccess(userId, row.channelId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not-found') throw ideaNotFound();
      throw error;
    }
    return row;
  }

  /** Keys (`${languageId}:${normalised phrase}`, the idea id) of every idea a channel saved. */
  async savedKeys(channelId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ id: savedIdeas.id, languageId: savedIdeas.languageId, key: savedIdeas.phraseKey })
      .from(savedIdeas)
      .where(eq(savedIdeas.channelId, channelId));
    return new Map(rows.map((r) => [`${r.languageId}:${r.key}`, r.id]));
  }

  /** The channel's default folder, created on first use (safe when two requests race). */
  async defaultFolder(channelId: string): Promise<FolderRow> {
    const found = await this.db.query.ideaFolders.findFirst({
      where: and(eq(ideaFolders.channelId, channelId), eq(ideaFolders.isDefault, true)),
    });
    if (found) return found;
    await this.db
      .insert(ideaFolders)
      .values({ channelId, name: DEFAULT_FOLDER_NAME, isDefault: true })
      .onConflictDoNothing({ target: ideaFolders.channelId, where: sql`${ideaFolders.isDefault}` });
    const row = await this.db.query.ideaFolders.findFirst({
      where: and(eq(ideaFolders.channelId, channelId), eq(ideaFolders.isDefault, true)),
    });
    if (!row) throw new AppError('not-found', 'Channel not found.');
    return row;
  }

  private async keepOrMove(idea: SavedIdeaRow, folder: FolderRow | null): Promise<SavedIdea> {
    let row = idea;
    if (folder && folder.id !== idea.folderId) {
      try {
        const [moved] = await this.db
          .update(savedIdeas)
          .set({ folderId: folder.id })
          .where(eq(savedIdeas.id, idea.id))
          .returning();
        if (!moved) throw ideaNotFound();
        row = moved;
      } catch (error) {
        if (pgCode(error) === '23503') throw folderNotFound();
        throw error;
      }
    }
    const script = await this.db.query.videoScripts.findFirst({
      where: eq(videoScripts.savedIdeaId, row.id),
      columns: { updatedAt: true },
    });
    return presentSavedIdea(row, script?.updatedAt ?? null);
  }

  private async findByKey(
    channelId: string,
    languageId: string,
    phraseKey: string,
  ): Promise<SavedIdeaRow | undefined> {
    return this.db.query.savedIdeas.findFirst({
      where: and(
        eq(savedIdeas.channelId, channelId),
        eq(savedIdeas.languageId, languageId),
        eq(savedIdeas.phraseKey, phraseKey),
      ),
    });
  }

  private async channelLanguage(channelId: string): Promise<string> {
    const row = await this.db.query.channelSettings.findFirst({
      where: eq(channelSettings.channelId, channelId),
      columns: { language: true },
    });
    return row?.language ?? DEFAULT_LANGUAGE_ID;
  }

  /** A folder of a channel the user may work on; 404 for anyone else's. */
  private async requireFolder(userId: string, folderId: string): Promise<FolderRow> {
    if (!isUuid(folderId)) throw folderNotFound();
    const row = await this.db.query.ideaFolders.findFirst({ where: eq(ideaFolders.id, folderId) });
    if (!row) throw folderNotFound();
    try {
      await this.channels.requireAccess(userId, row.channelId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not-found') throw folderNotFound();
      throw error;
    }
    return row;
  }

  /** A folder of this channel (access already checked); 404 for another channel's. */
  private async requireFolderOf(channelId: string, folderId: string): Promise<FolderRow> {
    if (!isUuid(folderId)) throw folderNotFound();
    const row = await this.db.query.ideaFolders.findFirst({
      where: and(eq(ideaFolders.id, folderId), eq(ideaFolders.channelId, channelId)),
    });
    if (!row) throw folderNotFound();
    return row;
  }

  private async countIn(folderId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(savedIdeas)
      .where(eq(savedIdeas.folderId, folderId));
    return row?.n ?? 0;
  }
}

function presentFolder(row: FolderRow, ideaCount: number): IdeaFolder {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    ideaCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentSavedIdea(row: SavedIdeaRow, scriptUpdatedAt: Date | null): SavedIdea {
  return {
    id: row.id,
    folderId: row.folderId,
    phrase: row.phrase,
    languageId: row.languageId,
    volume: row.volume,
    competition: row.competition,
    opportunity: row.opportunity,
    reason: row.reason,
    savedAt: row.savedAt.toISOString(),
    savedByName: row.savedByName,
    scriptUpdatedAt: scriptUpdatedAt ? scriptUpdatedAt.toISOString() : null,
  };
}

function folderNotFound(): AppError {
  return new AppError('not-found', 'Folder not found.');
}

function ideaNotFound(): AppError {
  return new AppError('not-found', 'Saved idea not found.');
}

function pgCode(error: unknown): string | undefined {
  return (
    (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code
  );
}

/** Folders a channel may have (the default one included). */
export const FOLDERS_PER_CHANNEL = 100;

/** Runs a folder write, turning the unique-name violation into a clear 409. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } } | null;
    if ((e?.code ?? e?.cause?.code) === '23505')
      throw new AppError('conflict', `A folder named “${name.trim()}” already exists.`);
    throw error;
  }
}
