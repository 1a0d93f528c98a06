/**
 * `node test/kit/build-if-stale.ts <api|indexer>…`: the apps' test scripts build through it, so a
 * suite run right after another (as in `npm test`) does not build the same sources again.
 */
import { type App, APPS, buildIfStale } from './build.ts';

const apps = process.argv.slice(2);
const unknown = apps.filter((app) => !(APPS as readonly string[]).includes(app));
if (unknown.length > 0) {
  console.error(`build-if-stale: no app named ${unknown.join(', ')} (${APPS.join(', ')})`);
  process.exit(2);
}
await buildIfStale(apps as App[]);
