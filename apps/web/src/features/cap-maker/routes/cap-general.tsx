import { Stack } from '@mantine/core';
import { scopeOf } from '@tkc/contracts/access/permissions';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { useCapText } from '../components/cap-maker-text';
import { CapsTable } from '../components/caps-table';
import { GeneralCapForm } from '../components/general-cap-form';

// CAP Maker, General (/cap-maker, docs/cap-maker.md#web): make a CAP from a folder, and the
// CAPs made so far (a global admin, every company's, and may make one for another company).

export function CapGeneralRoute() {
  const { text } = useCapText();
  const { data: user } = useUser();
  const subject = useSubject();
  if (!user || !subject) return null;
  const readsAll = scopeOf(subject, 'cap.general') === 'all';
  return (
    <Stack gap="lg">
      <GeneralCapForm canChooseCompany={readsAll} />
      <CapsTable
        kind="general"
        label={text('general.history')}
        timeZone={user.timezone}
        showCompany={readsAll}
      />
    </Stack>
  );
}

export { CapGeneralRoute as Component };
