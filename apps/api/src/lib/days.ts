// UTC days as the product stores them (YYYY-MM-DD): rank checks, rank history, Analytics days.

const DAY_MS = 86_400_000;

/** The UTC day `offset` days from `day` (negative goes back). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}
