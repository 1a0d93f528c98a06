const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client's id can name a row (every id is a uuid): anything else names nothing, and is
 * answered as "not found" without asking Postgres, which would refuse to compare it.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
