/**
 * The constraint a unique violation (SQLSTATE 23505) names, looking through the ORM's wrapping; undefined
 * for any other error. PGlite and node-postgres both report `code` and `constraint`.
 */
export function uniqueViolationOf(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; cause = cause.cause, depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown }
    if (code === '23505') return typeof constraint === 'string' ? constraint : ''
  }
  return undefined
}
