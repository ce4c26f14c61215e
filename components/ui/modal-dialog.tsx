'use client';
/**
 * The shop's modal: a native <dialog> its owner opens with showModal() (role=dialog, focus kept inside,
 * the page behind inert). Esc does not close it by itself: it calls `onCancel`, so the owner closes it
 * and knows the answer was "no" (use-confirm.tsx, the 申请价保 dialog).
 */
type Props = {
  ref: React.Ref<HTMLDialogElement>;
  /** The id of the element that names the dialog (its question or its heading). */
  labelledBy: string;
  className?: string;
  onCancel: () => void;
  children: React.ReactNode;
};

export function ModalDialog({ ref, labelledBy, className, onCancel, children }: Props) {
  return (
    <dialog
      ref={ref}
      className={className ? `confirm-dialog ${className}` : 'confirm-dialog'}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
