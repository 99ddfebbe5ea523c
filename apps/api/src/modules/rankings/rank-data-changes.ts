// Word of a change to a channel's rank data (keywords added or deleted, ranks recorded), to every
// process: the rankings read model drops what it cached for that channel.
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';

const TOPIC = 'rank-data';
/** The key meaning "every channel" (a daily run records everyone's ranks). */
export const EVERY_CHANNEL = '*';

/** Announces and follows changes to channels' rank data. */
export interface RankDataChanges {
  /** Announces that a channel's rank data (or EVERY_CHANNEL's) changed. */
  changed(channelId: string): void;
  /** Calls `handler` with the channel id (or EVERY_CHANNEL) of each change, from any process. */
  onChange(handler: (channelId: string) => void): void;
}

/** Changes carried by the invalidation bus (this process at once, the others by NOTIFY). */
export function rankDataChangesOver(bus: InvalidationBus): RankDataChanges {
  return {
    changed: (channelId) => void bus.publish(TOPIC, channelId).catch(() => {}),
    onChange: (handler) => bus.on(TOPIC, handler),
  };
}
