import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import type { ButtonVariant } from './button-styles';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Accessible name of the close button ("Close", "Закрыть"). */
  closeLabel: string;
  children: ReactNode;
  /** Buttons at the bottom; the close button is always there. */
  actions?: ReactNode;
  /** A wider panel, for a table (the back office's DNS editor). */
  wide?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: focus moves in and stays in, Escape closes it,
 * the page behind is inert, and focus returns to whatever opened it.
 */
export function Dialog({ open, onClose, title, closeLabel, children, actions, wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // Only this dialog's own events: React passes a nested dialog's close and cancel up to its parents.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onCancel={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-3xl' : 'max-w-lg'} rounded-2xl bg-white p-0 text-slate-900 shadow-(--shadow-raised) backdrop:bg-slate-950/50`}
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div id={bodyId} className="mt-3 text-slate-600">
          {children}
        </div>
        {actions && <DialogActions>{actions}</DialogActions>}
      </div>
    </dialog>
  );
}

/** The row of buttons at the bottom of a dialog: stacked on a phone, the main one last on a wider screen. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

export interface DialogFormActionsProps {
  /** The id of the form the submit button sends: the buttons may sit outside it. */
  form?: string;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: ReactNode;
  /** The form is being sent: the submit button is busy and disabled, with a spinner before its label ("Paying…"). */
  pending?: boolean;
  /** The submit button is disabled for another reason (nothing chosen yet, say). */
  disabled?: boolean;
  variant?: ButtonVariant;
}

/** Cancel and submit under a dialog's form. */
export function DialogFormActions({
  form,
  cancelLabel,
  onCancel,
  submitLabel,
  pending = false,
  disabled = false,
  variant,
}: DialogFormActionsProps) {
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        variant={variant}
        form={form}
        disabled={pending || disabled}
        aria-busy={pending || undefined}
      >
        {pending && (
          <span
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
        )}
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
