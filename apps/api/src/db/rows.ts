// Raw SQL answers differ by driver: node-postgres gives `{ rows }`, PGlite's drizzle driver too,
// and some paths give the array itself.

/** The rows of a raw `db.execute` result on either driver. */
export function rowsOf<R>(result: unknown): R[] {
  return Array.isArray(result) ? (result as R[]) : ((result as { rows?: R[] }).rows ?? []);
}
