/**
 * The server's tests run twice in CI: on the embedded PGlite (`npm test`), then again on
 * PostgreSQL (TEST_PG_URL names a server). A test that opens no PostgreSQL database whatever the
 * pass (a server process on the embedded default, a storage client) runs in the first pass only:
 * the second would repeat it exactly.
 */
export const postgresPass = Boolean(process.env.TEST_PG_URL);
