import { Stack, Tabs } from '@mantine/core';
import { IconList, IconSend } from '@tabler/icons-react';
import { scopeOf } from '@tkc/contracts/access/permissions';
import { useSearchParams } from 'react-router';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { useCrtText } from '../components/crt-text';
import { KcgRequestForm } from '../components/kcg-request-form';
import { RequestDetailModal } from '../components/request-detail-modal';
import { RequestsTable } from '../components/requests-table';

// Key Certificate Group (/cap-maker/crt/kcg, docs/crt.md#web): a kcg-manager or a user of the
// head-office company asks for one CAP carrying the certificates and keys of a group of the
// company's terminals, and follows the groups; a crt-manager decides them on the Certificate
// page (the mails link there).

type Tab = 'request' | 'groups';

export function KcgRoute() {
  const { text } = useCrtText();
  const { data: user } = useUser();
  const subject = useSubject();
  const [params, setParams] = useSearchParams();
  if (!user || !subject) return null;
  const readsAll = scopeOf(subject, 'crt.view') === 'all';
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked === 'groups' ? 'groups' : 'request';
  const openId = params.get('request');
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Tabs value={tab} onChange={(value) => value && update({ tab: value })} keepMounted={false}>
        <Tabs.List aria-label={text('page.kcgTabsLabel')}>
          <Tabs.Tab value="request" leftSection={<IconSend size={16} />}>
            {text('page.tabs.newGroup')}
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={<IconList size={16} />}>
            {text('page.tabs.groups')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="request" pt="lg">
          <KcgRequestForm onCreated={(id) => update({ tab: 'groups', request: id })} />
        </Tabs.Panel>
        <Tabs.Panel value="groups" pt="lg">
          <RequestsTable
            view="all"
            tool="kcg"
            label={text('page.tabs.groups')}
            timeZone={user.timezone}
            showRequester
            showCompany={readsAll}
            onOpen={(id) => update({ request: id })}
          />
        </Tabs.Panel>
      </Tabs>
      <RequestDetailModal
        requestId={openId}
        timeZone={user.timezone}
        onClose={() => update({ request: null })}
      />
    </Stack>
  );
}

export { KcgRoute as Component };
