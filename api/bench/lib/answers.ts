/**
 * Before any load, api/bench/http.ts checks that the API and the floors answer each endpoint with
 * the same rows, and records the size of each answer.
 */
import type { Server } from './measure.ts';
import type { Target } from './report.ts';

async function responseOf(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`GET ${url}: HTTP ${response.status} ${text.slice(0, 500)}`);
  }
  return { bytes: Buffer.byteLength(text), data: (JSON.parse(text) as { data: unknown }).data };
}

interface CatalogueView {
  trending: unknown[];
  byCategory: { courses: { _id: string }[] }[];
}

interface MarketplaceView {
  loanRequests: { _id: string }[];
  pagination: { total: number };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every server answers, and with the same rows: the API shapes the catalogue's, the
 * marketplace's and the member's, so those are compared by id (and the page's total); the floor
 * of the stack answers exactly as the bare floor does. `servers`: the API, the floor, then the
 * floor of the stack.
 */
export async function compareAnswers(
  servers: Server[],
  targets: Target[],
  headers: Record<string, string>,
) {
  const sizes: Record<string, Record<string, number>> = {};
  for (const target of targets) {
    const [api, floor, nest] = await Promise.all(
      servers.map((server) => responseOf(`${server.url}${target.path}`, headers)),
    );
    sizes[target.key] = { api: api!.bytes, floor: floor!.bytes, nest: nest!.bytes };
    if (!same(nest!.data, floor!.data)) {
      console.log(`  ! ${target.path}: the two floors answered differently`);
    }
    let agree: boolean;
    if (target.key === 'catalogue') {
      const courses = (api!.data as CatalogueView).byCategory.flatMap((group) =>
        group.courses.map((course) => course._id),
      );
      agree = same(
        courses,
        (floor!.data as { id: string }[]).map((row) => row.id),
      );
    } else if (target.key === 'marketplace') {
      const [mine, bare] = [api!.data, floor!.data] as [MarketplaceView, MarketplaceView];
      agree =
        mine.loanRequests.length > 0 &&
        mine.pagination.total === bare.pagination.total &&
        same(
          mine.loanRequests.map((loan) => loan._id),
          (bare.loanRequests as unknown as { id: string }[]).map((row) => row.id),
        );
    } else if (target.key === 'me') {
      const [mine, [row]] = [api!.data, floor!.data] as [
        { _id: string; email: string },
        { id: string; email: string }[],
      ];
      agree = mine._id === row?.id && mine.email === row.email;
    } else {
      agree = same(api!.data, floor!.data);
    }
    if (!agree) {
      console.log(`  ! ${target.path}: the API and the floor answered different rows`);
    }
  }
  return sizes;
}
