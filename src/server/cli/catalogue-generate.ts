/**
 * Fills the shop's database with a generated catalogue (issue #21), for benchmarks and
 * trying the shop at size:
 *   npm run catalogue:generate -- <families> [--seed <n>]
 * About three variations per family (generated-catalogue.ts). Loads the demo data first
 * when the database is empty (so delivery zones and offers are there too), then adds
 * the generated families. Reads the server's configuration (DATABASE_URL or DATA_DIR,
 * MEDIA_DIR; a local .env too). Refuses to run in production.
 */
import { pathToFileURL } from 'node:url';
import { seedDemoData } from '../db/seed/seed.ts';
import { generateCatalogue, writeGeneratedCatalogue } from './generated-catalogue.ts';
import { withShopDatabase } from './shop-database.ts';

export const GENERATE_USAGE = 'Usage: npm run catalogue:generate -- <families> [--seed <n>]';

/** Most families one run writes. */
export const MAX_FAMILIES = 200_000;

/** The command's arguments, or a message saying what is wrong with them. */
export function parseGenerateArgs(
  args: readonly string[],
): { families: number; seed: number } | { error: string } {
  const [count, ...rest] = args;
  let seed = 21;
  if (rest.length === 2 && rest[0] === '--seed' && /^\d{1,9}$/.test(rest[1] ?? '')) {
    seed = Number(rest[1]);
  } else if (rest.length > 0) {
    return { error: GENERATE_USAGE };
  }
  if (!count || !/^\d+$/.test(count) || Number(count) < 1 || Number(count) > MAX_FAMILIES) {
    return { error: `${GENERATE_USAGE}\n<families> is a whole number from 1 to ${MAX_FAMILIES}.` };
  }
  return { families: Number(count), seed };
}

async function main(): Promise<number> {
  const args = parseGenerateArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  return withShopDatabase(async (handle, config) => {
    if (config.env === 'production') {
      console.error('catalogue:generate refuses to run in production (NODE_ENV=production).');
      return 1;
    }
    const started = performance.now();
    if (await seedDemoData(handle.db)) console.log('Loaded the demo data first (empty database).');
    try {
      const result = await writeGeneratedCatalogue(
        handle.db,
        generateCatalogue(args.families, args.seed),
        config.mediaDir,
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Added ${result.families} families (${result.variations} variations, ` +
          `${result.pictures} pictures) in ${seconds} s.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof Error && error.message.includes('already holds')) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main();
