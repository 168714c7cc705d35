/** A form's primary button: disabled until the form can be sent, with a label for while it is sending. */
export function SubmitButton({ busy, pending, label, pendingLabel }: Props) {
  return (
    <button className="button primary" type="submit" disabled={busy}>
      {pending ? pendingLabel : label}
    </button>
  );
}

interface Props {
  busy: boolean;
  pending: boolean;
  label: string;
  pendingLabel: string;
}
