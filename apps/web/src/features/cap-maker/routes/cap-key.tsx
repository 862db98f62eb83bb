import { Alert, Stack } from '@mantine/core';
import { can, scopeOf } from '@tkc/contracts/access/permissions';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { useCapText } from '../components/cap-maker-text';
import { CapsTable } from '../components/caps-table';
import { KeyCapForm } from '../components/key-cap-form';
import { KeySets } from '../components/key-sets';
import { allowedKeySources } from '../utils/cap-form-rules';

// CAP Maker, Key (/cap-maker/key, docs/cap-maker.md#web): make a Key CAP with the key sources
// the role may use, the Key CAPs with their status and KCVs (confirm one once the terminals
// took it), and the company's key sets for those with cap.keys.view.

export function CapKeyRoute() {
  const { text } = useCapText();
  const { data: user } = useUser();
  const subject = useSubject();
  if (!user || !subject) return null;
  const readsAll = scopeOf(subject, 'cap.key') === 'all';
  const keySources = allowedKeySources(
    can(subject, 'cap.key.internal'),
    can(subject, 'cap.key.external'),
  );
  return (
    <Stack gap="lg">
      {keySources.length > 0 ? (
        <KeyCapForm canChooseCompany={readsAll} keySources={keySources} />
      ) : (
        <Alert color="gray" variant="light">
          {text('key.noSource')}
        </Alert>
      )}
      <CapsTable
        kind="key"
        label={text('key.list')}
        timeZone={user.timezone}
        showCompany={readsAll}
        confirmSources={keySources}
      />
      {can(subject, 'cap.keys.view') && (
        <KeySets
          canChooseCompany={scopeOf(subject, 'cap.keys.view') === 'all'}
          timeZone={user.timezone}
        />
      )}
    </Stack>
  );
}

export { CapKeyRoute as Component };
