/** The calendar month (UTC) a channel's AI generations are counted in. */
export function monthWindow(at: Date): { start: Date; resetsAt: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const resetsAt = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, resetsAt };
}
