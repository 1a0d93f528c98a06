import { pageSql } from './loan-requests.store';

describe('pageSql', () => {
  it('numbers the limit and offset after the filter’s own placeholders', () => {
    const { page, count } = pageSql(['r.chain_id = $1', 'r.status = $2']);
    expect(page).toMatch(
      /WHERE r\.chain_id = \$1 AND r\.status = \$2\s[\s\S]*LIMIT \$3 OFFSET \$4$/,
    );
    expect(count).toMatch(/WHERE r\.chain_id = \$1 AND r\.status = \$2$/);
  });

  it('hands back the very same texts for the same filter, and other texts for another', () => {
    const first = pageSql(['r.chain_id = $1', 'r.status IS NOT NULL']);
    const again = pageSql(['r.chain_id = $1', 'r.status IS NOT NULL']);
    const other = pageSql(['r.chain_id = $1', 'r.status IS NOT NULL', 'bw.user_id = $2']);
    expect(again).toBe(first);
    expect(other.page).not.toBe(first.page);
    expect(other.page).toContain('LIMIT $3 OFFSET $4');
    expect(first.page).toContain('LIMIT $2 OFFSET $3');
  });
});
