/**
 * A free TCP port on a host, for a child server that must be told its port before it
 * starts (PORT cannot be 0): the shop processes of the benchmarks, the two-process test
 * and the browser journeys that start a shop of their own.
 */
import { createServer } from 'node:net';

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolvePort(port) : reject(new Error('No free port'))));
    });
  });
}
