/** Matches a UUID (the product's own ids); checked before a query so a malformed id is a 404/400, not a database error. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID. */
export const isUuid = (value: string): boolean => UUID.test(value);
