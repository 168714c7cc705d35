// The fields every sign-in step shares: the email (one store, so it carries from step to step) and a password.
import { translator } from '../../i18n/current';
import { Field } from '../../ui/Field';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { $authEmail, setAuthEmail } from './auth';

interface Props {
  id: string;
  error: string | undefined;
  hint?: string;
}

/** The email address, the same in every step's form. */
export function AuthEmailField({ id, error, hint, autoComplete = 'email' }: Props & { autoComplete?: string }) {
  const email = useClientStore($authEmail, '');
  return (
    <Field
      {...{ id, error, autoComplete, hint }}
      label={translator('signIn')('email')}
      type="email"
      required
      value={email}
      onValue={setAuthEmail}
    />
  );
}

interface PasswordProps extends Props {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** current-password to sign in, new-password to choose one. */
  autoComplete: 'current-password' | 'new-password';
}

/** A password, required. */
export function PasswordField(props: PasswordProps) {
  return <Field {...props} type="password" required />;
}
