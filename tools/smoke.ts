/**
 * `npm run smoke -- https://host[:port] [--ca <root.crt>] [--product <id>]`: one complete
 * guest checkout through the deployment's front (tools/smoke-checkout.ts; README
 * "Deployment"). Exits 0 when the order is placed and paid, else 1 with the step that
 * broke. Caddy's local CA: `--ca` with its root.crt, or NODE_EXTRA_CA_CERTS.
 */
import { parseArgs } from 'node:util';
import { readCa, runSmoke, SmokeFailure } from './smoke-checkout.ts';

const USAGE = 'usage: npm run smoke -- https://host[:port] [--ca <root.crt>] [--product <id>]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { ca: { type: 'string' }, product: { type: 'string' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [origin, ...extra] = parsed.positionals;
  const product = parsed.values.product;
  if (!origin || extra.length > 0 || (product !== undefined && !/^\d+$/.test(product))) {
    console.error(USAGE);
    return 2;
  }
  console.log(`Smoke test: a guest checkout at ${origin}`);
  try {
    const result = await runSmoke(origin, {
      ...(parsed.values.ca ? { ca: readCa(parsed.values.ca) } : {}),
      ...(product !== undefined ? { productId: Number(product) } : {}),
      onStep: (step, detail, ms) =>
        console.log(`  ok  ${step.padEnd(16)} ${detail} (${Math.round(ms)} ms)`),
    });
    console.log(
      `Smoke test passed: order ${result.order.publicId} ${result.order.status}, ` +
        `${result.order.total}, ${result.requests} requests over ${result.alpn}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SmokeFailure) {
      console.error(`  FAILED at ${error.step}: ${error.message.slice(error.step.length + 2)}`);
    } else {
      console.error(`  FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
    console.error('Smoke test failed.');
    return 1;
  }
}

process.exitCode = await main();
