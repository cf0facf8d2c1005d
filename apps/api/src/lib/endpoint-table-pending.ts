/**
 * The API routes not yet registered from the endpoint table (docs/decisions/068-typed-endpoint-contract.md), as
 * `METHOD /path` below /api. The list only shrinks: a module converted to `endpointRoute` takes its rows out, and
 * the table test fails on a row that is registered from the table or no longer served.
 */
export const NOT_YET_IN_TABLE: ReadonlySet<string> = new Set([]);
