/** Naming and URLs of the throw-away test databases on a PostgreSQL server. */

export const TEST_DB_PREFIX = 'everbloom_test_';

/** The URL of `name` on the same server as `url`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
