import styles from './pagination.module.css';

interface PaginationProps {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Page buttons, shown only when there is more than one page (SPEC §2 marketplace). */
export function Pagination({ label, page, pages, onPage }: PaginationProps) {
  if (pages <= 1) {
    return null;
  }
  return (
    <nav aria-label={label} className={styles.pagination}>
      <button
        type="button"
        className={styles.page}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
        <button
          key={number}
          type="button"
          className={[styles.page, number === page ? styles.current : ''].join(' ')}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onPage(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={styles.page}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
