// The one error the importer throws: a message meant for a person, shown on one line.

/** A file that cannot be imported (missing, unreadable, or of no supported format). */
export class ImportError extends Error {
  override name = 'ImportError';
}
