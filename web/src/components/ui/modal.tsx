import { type ReactNode, useEffect, useId, useRef } from 'react';

import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  /** Esc and a click on the backdrop call it; leave it out for a modal only an answer closes. */
  onClose?: () => void;
  title: string;
  children: ReactNode;
  /** Where it sits: centred, or a drawer sliding in from the left. */
  placement?: 'center' | 'left';
}

/** What can take focus, in the order Tab reaches it (disabled and hidden-from-Tab left out). */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The control a dialog opens on: one marked `data-autofocus` (React's `autoFocus` renders no
 * attribute to find), else the first one.
 */
function firstControl(container: HTMLElement): HTMLElement | null {
  return (
    container.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ??
    container.querySelector<HTMLElement>(FOCUSABLE)
  );
}

/**
 * The platform's modal <dialog>: the page behind is inert (focus stays inside), it opens with
 * focus on its first control (whatever the browser's own choice would be), Esc and the backdrop
 * close it when `onClose` is given, and focus returns where it was on close.
 */
export function Modal({ open, onClose, title, children, placement = 'center' }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element === null) {
      return;
    }
    if (open && !element.open) {
      element.showModal();
      firstControl(element)?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={[styles.dialog, styles[placement]].join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Esc: the dialog closes only through `open`, so React's state stays the truth.
        event.preventDefault();
        onClose?.();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) {
          onClose?.();
        }
      }}
    >
      {open && (
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
