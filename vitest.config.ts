import { defineConfig } from 'vitest/config'

// One run covers every workspace: unit tests beside the code, API tests on the real server.
export default defineConfig({
  test: {
    // Vitest's default leaves one core to the main process; most of these tests wait on a database, a
    // child process or a browser, so one worker per core finishes the suite about a third sooner on 2 cores.
    maxWorkers: '100%',
    // The node projects run their files one after another in each worker without a fresh module graph per
    // file (isolate: false): importing the server took ~3 s per file, most of the suite's time on 2 cores.
    // Nothing in them mocks modules or keeps state a later file would see (module-level maps are caches
    // keyed by content). The jsdom projects stay isolated: a DOM shared between files made them flaky.
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], isolate: false } },
      { test: { name: 'seal', root: 'packages/seal', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], isolate: false, testTimeout: 60_000 } },
      { test: { name: 'pdf', root: 'packages/pdf', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], isolate: false, testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/migrated-databases.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The same API tests again on PostgreSQL when the machine has one (CI sets DATABASE_URL).
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['src/**/*.api.test.ts'],
                globalSetup: ['src/test/migrated-databases.ts'],
                isolate: false,
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      { test: { name: 'console', root: 'apps/console', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['test/setup.ts'], testTimeout: 60_000 } },
    ],
  },
})
