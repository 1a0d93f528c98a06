import type { ReactNode } from 'react';

import styles from './explorer-link.module.css';

/** What an explorer has a page for. */
export type ExplorerPage = 'address' | 'tx' | 'block';

/**
 * The explorer's page for an address, a transaction or a block (Etherscan's paths, which
 * Arbiscan and Blockscout share), or null where the chain has no explorer (a local chain).
 */
export function explorerHref(
  explorerUrl: string | null,
  page: ExplorerPage,
  value: string | number,
): string | null {
  return explorerUrl === null ? null : `${explorerUrl.replace(/\/+$/, '')}/${page}/${value}`;
}

/** An address or hash shortened in the middle (UI.md): `0x1234…abcd`. */
export function shortHex(value: string): string {
  return value.length <= 12 ? value : `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/**
 * An address, a transaction or a block, linked to its page on the chain's explorer where the chain
 * has one (UI.md: every on-chain fact links there), plain text where it has none. Without
 * children it shows the value shortened in the middle; the full value is on hover either way.
 */
export function ExplorerLink({
  explorerUrl,
  page,
  value,
  children,
  description,
  whenNoExplorer = 'text',
  className,
}: {
  explorerUrl: string | null;
  page: ExplorerPage;
  value: string | number;
  children?: ReactNode;
  /** Said to screen readers after the text, for a link whose text alone is vague ("Explorer"). */
  description?: string;
  /** Without an explorer: the text as it is (default), or nothing (a link-only control). */
  whenNoExplorer?: 'text' | 'nothing';
  className?: string;
}) {
  const href = explorerHref(explorerUrl, page, value);
  const text = children ?? shortHex(`${value}`);
  const classes = [children === undefined ? styles.hex : undefined, className]
    .filter(Boolean)
    .join(' ');
  if (href === null) {
    return whenNoExplorer === 'nothing' ? null : (
      <span title={`${value}`} className={classes || undefined}>
        {text}
      </span>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      title={`${value}`}
      className={classes || undefined}
    >
      {text}
      <span className="visually-hidden">
        {description === undefined ? '' : `: ${description}`} (opens in a new tab)
      </span>
    </a>
  );
}
