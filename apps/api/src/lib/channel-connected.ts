/**
 * What happens after a person connects a channel, as the channels module sees it: another module
 * (onboarding's carry-over) implements it, so channels never imports that module.
 */

/** Told when a channel connection succeeded (its credentials are saved). */
export interface ChannelConnectedHook {
  /** Runs after a successful connect or reconnect; a failure is logged by the caller, never shown. */
  onChannelConnected(userId: string, channelId: string): Promise<void>;
}
