import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Generous limits for a busy machine. Projects do not inherit the root's test options,
// so each project sets them.
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // Vitest's default is one fewer than the cores: a single file at a time on a 2-core
    // machine, which then sat half idle (the tests mostly wait on the databases).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 4),
    reporters: ['default', './tools/summary-reporter.ts'],
    projects: [
      {
        test: {
          ...timeouts,
          name: 'server',
          include: ['src/domain/**/*.test.ts', 'src/server/**/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/testing/global-setup.ts'],
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          ...timeouts,
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/testing/setup.ts'],
        },
      },
    ],
  },
});
