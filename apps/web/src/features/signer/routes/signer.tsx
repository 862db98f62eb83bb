import { Stack, Tabs } from '@mantine/core';
import { IconInbox, IconKey, IconList, IconUpload } from '@tabler/icons-react';
import { can, scopeOf } from '@tkc/contracts/access/permissions';
import { useSearchParams } from 'react-router';
import { useSubject } from '@/lib/access';
import { useUser } from '@/lib/auth';
import { RequestDetailModal } from '../components/request-detail-modal';
import { RequestForm } from '../components/request-form';
import { RequestsTable } from '../components/requests-table';
import { useSignerText } from '../components/signer-text';
import { SigningKeys } from '../components/signing-keys';

// The Signer (/signer, docs/signer.md#web): request a signature, follow one's requests, decide
// the company's queue (managers), read every request (platform admins), and the companies'
// signing keys (platform admins). The tab and an open request live in the address, so a mail's
// link (/signer?request=<id>) opens the request.

type Tab = 'request' | 'mine' | 'queue' | 'keys';

export function SignerRoute() {
  const { text } = useSignerText();
  const { data: user } = useUser();
  const subject = useSubject();
  const [params, setParams] = useSearchParams();
  if (!user || !subject) return null;
  const canRequest = can(subject, 'signer.request');
  const canApprove = can(subject, 'signer.approve');
  const readsAll = scopeOf(subject, 'signer.view') === 'all';
  const canManageKeys = can(subject, 'signer.keys.manage');
  const tabs: Tab[] = [
    ...(canRequest ? (['request', 'mine'] as const) : []),
    ...(canApprove || readsAll ? (['queue'] as const) : []),
    ...(canManageKeys ? (['keys'] as const) : []),
  ];
  const asked = params.get('tab') as Tab | null;
  const fallback: Tab = canApprove ? 'queue' : (tabs[0] ?? 'mine');
  const tab = asked && tabs.includes(asked) ? asked : fallback;
  const openId = params.get('request');

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const open = (id: string) => update({ request: id });

  return (
    <Stack gap="lg">
      <Tabs value={tab} onChange={(value) => value && update({ tab: value })} keepMounted={false}>
        <Tabs.List aria-label={text('page.tabsLabel')}>
          {canRequest && (
            <Tabs.Tab value="request" leftSection={<IconUpload size={16} />}>
              {text('page.tabs.request')}
            </Tabs.Tab>
          )}
          {canRequest && (
            <Tabs.Tab value="mine" leftSection={<IconList size={16} />}>
              {text('page.tabs.mine')}
            </Tabs.Tab>
          )}
          {(canApprove || readsAll) && (
            <Tabs.Tab value="queue" leftSection={<IconInbox size={16} />}>
              {canApprove ? text('page.tabs.queue') : text('page.tabs.all')}
            </Tabs.Tab>
          )}
          {canManageKeys && (
            <Tabs.Tab value="keys" leftSection={<IconKey size={16} />}>
              {text('page.tabs.keys')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="request" pt="lg">
          <RequestForm onCreated={(id) => update({ tab: 'mine', request: id })} />
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="lg">
          <RequestsTable
            view="mine"
            label={text('page.tabs.mine')}
            timeZone={user.timezone}
            showRequester={false}
            showCompany={false}
            onOpen={open}
          />
        </Tabs.Panel>
        <Tabs.Panel value="queue" pt="lg">
          <RequestsTable
            view="all"
            label={canApprove ? text('page.tabs.queue') : text('page.tabs.all')}
            timeZone={user.timezone}
            initialStatuses={canApprove ? ['pending'] : []}
            showRequester
            showCompany={readsAll}
            onOpen={open}
          />
        </Tabs.Panel>
        <Tabs.Panel value="keys" pt="lg">
          <SigningKeys timeZone={user.timezone} />
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

export { SignerRoute as Component };
