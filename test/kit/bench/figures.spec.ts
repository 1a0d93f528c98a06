import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { median, medianItem } from './figures.ts';

describe('medianItem', () => {
  const runs = [{ s: 2.7 }, { s: 2.2 }, { s: 3.3 }];

  it('is the whole item whose value is the median', () => {
    assert.equal(
      medianItem(runs, (run) => run.s),
      runs[0],
    );
    assert.equal(medianItem(runs, (run) => run.s)?.s, median(runs.map((run) => run.s)));
  });

  it('is the lower of the middle two of an even number', () => {
    assert.deepEqual(
      medianItem([{ s: 4 }, { s: 1 }, { s: 3 }, { s: 2 }], (run) => run.s),
      { s: 2 },
    );
  });

  it('is undefined when there are none, and leaves its input in order', () => {
    assert.equal(
      medianItem([], (run: { s: number }) => run.s),
      undefined,
    );
    assert.deepEqual(
      runs.map((run) => run.s),
      [2.7, 2.2, 3.3],
    );
  });
});
