// The server's one direction (docs/architecture.md "Layers of the server"), checked in the lint step.
// Each place of apps/server/src (a folder, or a file at its root) has a rank: the layers bottom to top, and
// inside a layer its folders from the one others use to the one that uses them. A place may import only
// places of a lower rank; so no folder imports a higher layer and no two folders import each other.
// No two files may import each other either, however long the circle.
const LAYERS = [
  ['plumbing', ['errors.ts', 'jobs', 'db', 'secrets.ts', 'host-channels.ts', 'config.ts', 'cache', 'redis', 'workers', 'audit', 'plugins', 'files', 'regions', 'web']],
  ['identity', ['config', 'identity', 'auth']],
  ['trust', ['trust', 'operators']],
  ['seal', ['seals']],
  ['acts', ['platforms', 'records', 'signing', 'seal-auth', 'personal-seal', 'unit-apply', 'offline-apply', 'older-apply', 'older-change', 'bindings', 'open-api', 'activation', 'console']],
  ['top', ['seed.ts', 'repair.ts', 'audit-trail.ts', 'background-jobs.ts', 'audit-verify.ts', 'operator-cli.ts', 'app.ts', 'main.ts']],
]

const ROOT = '^apps/server/src/'
const escape = (name) => name.replace(/[.]/g, '\\.')
const placePath = (name) => `${ROOT}${escape(name)}${name.endsWith('.ts') ? '$' : '/'}`
const places = LAYERS.flatMap(([layer, names]) => names.map((name) => ({ layer, name })))

const upward = places.slice(0, -1).map((place, rank) => {
  const higher = places.slice(rank + 1)
  return {
    name: `${place.name}-imports-no-higher-place`,
    comment: `${place.name} (${place.layer}) may import only what lies below it: ${higher.map((p) => p.name).join(', ')} are above`,
    severity: 'error',
    from: { path: placePath(place.name) },
    to: { path: `(${higher.map((p) => placePath(p.name)).join('|')})` },
  }
})

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import one another, however long the circle: one of them holds what belongs lower',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'every-place-has-a-layer',
      comment: 'A new folder or root file of the server gets its place in LAYERS (and in docs/architecture.md)',
      severity: 'error',
      from: { path: ROOT, pathNot: `(${places.map((p) => placePath(p.name)).join('|')})` },
      to: {},
    },
    ...upward,
  ],
  options: {
    // Tests, their support and the Drizzle schema aggregator (every table, for the query builder) stand outside the layers.
    exclude: { path: '(\\.test\\.ts$|test-support\\.ts$|/test/|/testing\\.ts$|^apps/server/src/db/schema\\.ts$)' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
}
