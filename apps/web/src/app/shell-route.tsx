import { useEffect } from 'react';
import { loadApiErrorTexts } from '@/lib/api-errors';
import { useAuthStatus } from '@/lib/auth';
import { SignedInOnly } from './session-gates';
import { AppLayout } from './shell/app-layout';

// The authenticated shell is its own lazy chunk: the sign-in screens never load it.

function Shell() {
  const auth = useAuthStatus();
  if (auth.status !== 'signed-in' && auth.status !== 'ended') return null;
  return <AppLayout user={auth.user} />;
}

/** The shell for the signed-in user (or for one whose session just ended, until acknowledged). */
export function ShellRoute() {
  // Signed-in pages also put error codes into words outside a failed call (a file's check, a
  // request's failure): their texts load with the shell, without holding it up.
  useEffect(() => {
    void loadApiErrorTexts();
  }, []);
  return (
    <SignedInOnly>
      <Shell />
    </SignedInOnly>
  );
}

export { ShellRoute as Component };
